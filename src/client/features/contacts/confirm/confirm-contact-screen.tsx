import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Language } from '#shared/language.ts';
import { track } from '#client/lib/analytics.ts';
import { ContactPageTop } from '#client/lib/contact-language/contact-page-top.tsx';
import { ContactTermsLink } from '#client/lib/contact-language/terms-link.tsx';
import { linkPersonQueryOptions, useLinkPerson } from '#client/lib/contact-language/link-person.ts';
import { showLinkFailure } from '#client/ui/link-failure.ts';
import { languageSearch, useContactLanguage } from '#client/lib/contact-language/use-contact-language.ts';
import { isLinkRejected } from '#client/api/contact-links.ts';
import { useVerifyContactMutation } from '#client/api/contact-links.ts';

export interface ContactTermsRenderProps {
  onAccept: () => void;
  acceptPending: boolean;
  intro: ReactNode;
  /** The contact's language: the terms' text, title and button follow it. */
  language: Language;
  labels: { termsTitle: string; termsAccept: string };
  /** The language switch, inside the terms (they cover the screen). */
  top: ReactNode;
}

interface Props {
  token: string;
  /** The terms screen belongs to the legal feature: the route hands it in. */
  renderTerms: (props: ContactTermsRenderProps) => ReactNode;
}

/**
 * /web/active/verify/{token} and /web/active/confirm?token=: the contact reads the
 * terms, and only 'Aceptar' (never the opening of the link, which mail scanners
 * also do) calls verify-contact.
 */
export function ConfirmContactScreen({ token, renderTerms }: Props) {
  const navigate = useNavigate();
  const verify = useVerifyContactMutation();
  const queryClient = useQueryClient();
  const { language, texts, switchLanguage } = useContactLanguage(token);
  const search = languageSearch(language);
  // Whom the invitation is from; a link already accepted says so instead of the terms again.
  const person = useLinkPerson(token);

  const accept = () =>
    verify.mutate(token, {
      onSuccess: (pushToken) => {
        track('contact_verify');
        // The welcome names the person from its first frame, with what this page already knows,
        // rather than after one more request that a failing signal may never answer.
        if (pushToken && person) {
          queryClient.setQueryData(linkPersonQueryOptions(pushToken).queryKey, { name: person.name, accepted: true });
        }
        void navigate({
          to: '/web/active/accept',
          search: { ...search, ...(pushToken ? { token: pushToken } : {}) },
          replace: true,
        });
      },
      onError: (error) => {
        if (isLinkRejected(error)) {
          void navigate({ to: '/web/active/invalid', search, replace: true });
        } else {
          showLinkFailure(error, texts);
        }
      },
    });

  if (person?.accepted) {
    return (
      <>
        <ContactPageTop texts={texts} language={language} onSwitch={switchLanguage} />
        <h1>{texts.alreadyAcceptedHeading}</h1>
        <p role="status">{texts.alreadyAccepted(person.name)}</p>
        <p className="muted">{texts.acceptClose}</p>
        <ContactTermsLink texts={texts} language={language} token={token} />
      </>
    );
  }

  return (
    <>
      <h1>{texts.confirmHeading}</h1>
      {renderTerms({
        onAccept: accept,
        acceptPending: verify.isPending,
        intro: <p>{texts.confirmIntro(person?.name ?? null)}</p>,
        language,
        labels: texts,
        top: <ContactPageTop texts={texts} language={language} onSwitch={switchLanguage} />,
      })}
    </>
  );
}
