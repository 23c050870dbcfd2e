import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, type ReactNode } from 'react';
import { APP_NAME } from '#shared/constants.ts';
import type { ContactTexts } from '#shared/contact-texts/index.ts';
import { ContactPageTop } from '#client/lib/contact-language/contact-page-top.tsx';
import { ContactTermsLink } from '#client/lib/contact-language/terms-link.tsx';
import { useLinkPerson } from '#client/lib/contact-language/link-person.ts';
import { showLinkFailure } from '#client/ui/link-failure.ts';
import { languageSearch, useContactLanguage } from '#client/lib/contact-language/use-contact-language.ts';
import { isLinkRejected } from '#client/api/contact-links.ts';
import { useUnsubscribeMutation } from '#client/api/contact-links.ts';

/**
 * /web/active/unsubscribe?token=: opening the link changes nothing (mail scanners
 * open links too); the button does.
 */
export function UnsubscribeScreen({ token }: { token: string }) {
  const navigate = useNavigate();
  const unsubscribe = useUnsubscribeMutation();
  const { language, texts, switchLanguage } = useContactLanguage(token);
  const languageSwitch = <ContactPageTop texts={texts} language={language} onSwitch={switchLanguage} />;
  const person = useLinkPerson(token);

  const termsLink = <ContactTermsLink texts={texts} language={language} token={token} />;

  if (unsubscribe.isSuccess)
    return <Unsubscribed texts={texts} languageSwitch={languageSwitch} termsLink={termsLink} />;

  return (
    <>
      {languageSwitch}
      <h1>{texts.unsubscribeHeading}</h1>
      <p>{texts.unsubscribeWhy(APP_NAME, person?.name ?? null)}</p>
      <p className="muted">{texts.unsubscribeOthers}</p>
      <button
        type="button"
        className="button button--danger button--block"
        disabled={unsubscribe.isPending}
        onClick={() =>
          unsubscribe.mutate(token, {
            onError: (error) => {
              if (isLinkRejected(error)) {
                void navigate({ to: '/web/active/invalid', search: languageSearch(language), replace: true });
              } else {
                showLinkFailure(error, texts);
              }
            },
          })
        }
      >
        {unsubscribe.isPending ? texts.sending : texts.unsubscribeButton}
      </button>
      {termsLink}
    </>
  );
}

function Unsubscribed({
  texts,
  languageSwitch,
  termsLink,
}: {
  texts: ContactTexts;
  languageSwitch: ReactNode;
  termsLink: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The button that had the focus is gone: the news takes it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <>
      {languageSwitch}
      <h1 ref={heading} tabIndex={-1}>
        {texts.unsubscribedHeading}
      </h1>
      <p>{texts.unsubscribedText}</p>
      {termsLink}
    </>
  );
}
