import { useParams, useSearch } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Language } from '#shared/language.ts';
import { ConfirmContactScreen } from '#client/features/contacts/confirm/confirm-contact-screen.tsx';
import { TermsScreen } from '#client/features/legal/terms-screen.tsx';
import { TermsText } from '#client/features/legal/terms-text.tsx';
import { TermsTextEn } from '#client/features/legal/terms-text-en.tsx';
import { TermsTextHt } from '#client/features/legal/terms-text-ht.tsx';
import { TermsTextPt } from '#client/features/legal/terms-text-pt.tsx';

// The hooks with `from`, not getRouteApi: its class sits in the router's module, which is in the entry,
// so one lazy page using it puts it in every first download.

/** The terms in each contact language: a language left out fails the type check. */
const TERMS: Record<Language, () => ReactNode> = {
  es: () => <TermsText />,
  en: () => <TermsTextEn />,
  pt: () => <TermsTextPt />,
  ht: () => <TermsTextHt />,
};

/** /web/active/verify/{token} */
export function VerifyContactPage() {
  const { token } = useParams({ from: '/web/active/verify/$token' });
  return <ConfirmContact token={token} />;
}

/** /web/active/confirm?token=: the same screen. */
export function ConfirmContactPage() {
  const { token = '' } = useSearch({ from: '/web/active/confirm' });
  return <ConfirmContact token={token} />;
}

/** The terms belong to the legal feature; features do not import each other, so they meet here. */
function ConfirmContact({ token }: { token: string }) {
  return (
    <ConfirmContactScreen
      token={token}
      renderTerms={(props) => <TermsScreen {...props} text={TERMS[props.language]()} />}
    />
  );
}
