import { getRouteApi } from '@tanstack/react-router';
import { ConfirmContactScreen } from '#client/features/contacts/confirm/confirm-contact-screen.tsx';
import { TermsScreen } from '#client/features/legal/terms-screen.tsx';
import { TermsTextEn } from '#client/features/legal/terms-text-en.tsx';

const verifyRoute = getRouteApi('/web/active/verify/$token');
const confirmRoute = getRouteApi('/web/active/confirm');

/** /web/active/verify/{token} */
export function VerifyContactPage() {
  const { token } = verifyRoute.useParams();
  return <ConfirmContact token={token} />;
}

/** /web/active/confirm?token=: the same screen. */
export function ConfirmContactPage() {
  const { token = '' } = confirmRoute.useSearch();
  return <ConfirmContact token={token} />;
}

/** The terms belong to the legal feature; features do not import each other, so they meet here. */
function ConfirmContact({ token }: { token: string }) {
  return <ConfirmContactScreen token={token} renderTerms={(props) => <TermsScreen {...props} text={props.language === 'en' ? <TermsTextEn /> : undefined} />} />;
}
