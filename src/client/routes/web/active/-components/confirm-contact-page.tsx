import { useParams, useSearch } from '@tanstack/react-router';
import { ConfirmContactScreen } from '#client/features/contacts/confirm/confirm-contact-screen.tsx';
import { CONTACT_TERMS } from '#client/features/legal/contact-terms.tsx';
import { TermsScreen } from '#client/features/legal/terms-screen.tsx';

// The hooks with `from`, not getRouteApi: its class sits in the router's module, which is in the entry,
// so one lazy page using it puts it in every first download.

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
      renderTerms={(props) => <TermsScreen {...props} text={CONTACT_TERMS[props.language]()} />}
    />
  );
}
