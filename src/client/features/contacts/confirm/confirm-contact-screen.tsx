import { useNavigate } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { track } from '#client/lib/analytics.ts';
import { showToast } from '#client/ui/toast-store.ts';
import { isLinkRejected } from '../api/link-rejected.ts';
import { useVerifyContactMutation } from '../api/verify-contact.ts';

export interface ContactTermsRenderProps {
  onAccept: () => void;
  acceptPending: boolean;
  intro: ReactNode;
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

  const accept = () =>
    verify.mutate(token, {
      onSuccess: (pushToken) => {
        track('contact_verify');
        void navigate({ to: '/web/active/accept', search: pushToken ? { token: pushToken } : {}, replace: true });
      },
      onError: (error) => {
        if (isLinkRejected(error)) {
          void navigate({ to: '/web/active/invalid', replace: true });
        } else {
          showToast({ message: error.message, variant: 'danger' });
        }
      },
    });

  return (
    <>
      <h1>Confirma que eres contacto de emergencia</h1>
      {renderTerms({
        onAccept: accept,
        acceptPending: verify.isPending,
        intro: (
          <p>
            Alguien te agregó como su contacto de emergencia. Lee y acepta estos términos para recibir sus alertas por
            correo.
          </p>
        ),
      })}
    </>
  );
}
