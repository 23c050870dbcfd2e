import { useRouter } from '@tanstack/react-router';
import { useLinkLanguage } from '#client/lib/contact-language/use-link-language.ts';

/**
 * Replaces the router's English default; a failed chunk download (offline) usually lands here.
 * A contact's link says its language: the page speaks it.
 */
export function ErrorPage() {
  const router = useRouter();
  const { texts } = useLinkLanguage();
  return (
    <main className="centered-page">
      <div role="alert">
        <h1>{texts.errorTitle}</h1>
        <p>{texts.errorBody}</p>
        <button type="button" className="button" onClick={() => void router.invalidate()}>
          {texts.errorRetry}
        </button>
      </div>
    </main>
  );
}
