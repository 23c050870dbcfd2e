import type { ContactTexts } from '#shared/contact-texts/index.ts';
import type { Language } from '#shared/language.ts';
import { useSayConnectionHere } from '#client/lib/connection/connection-said-here.ts';
import { useOnline } from '#client/lib/connection/use-online.ts';
import { LanguageSwitch } from './language-switch.tsx';

interface Props {
  texts: ContactTexts;
  language: Language;
  onSwitch: (language: Language) => void;
}

/**
 * The top of every page a contact's link opens: that there is no signal, in the contact's own
 * language (the app's offline banner, which speaks Spanish and sits in home's first download,
 * gives way to it), then the language switch.
 */
export function ContactPageTop({ texts, language, onSwitch }: Props) {
  useSayConnectionHere();
  const online = useOnline();
  return (
    <>
      {!online && (
        // The offline banner's look (features/offline/offline-banner.css, loaded with the app's entry).
        <div className="offline-banner" role="status" aria-label={texts.connectionStatus}>
          <p className="offline-banner__text">{texts.offlineNeedsSignal}</p>
        </div>
      )}
      <LanguageSwitch texts={texts} language={language} onSwitch={onSwitch} />
    </>
  );
}
