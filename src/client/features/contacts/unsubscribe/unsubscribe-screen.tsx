import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { showToast } from '#client/ui/toast-store.ts';
import { isLinkRejected } from '../api/link-rejected.ts';
import { useUnsubscribeMutation } from '../api/unsubscribe.ts';

/**
 * /web/active/unsubscribe?token=: opening the link changes nothing (mail scanners
 * open links too); the button does.
 */
export function UnsubscribeScreen({ token }: { token: string }) {
  const navigate = useNavigate();
  const unsubscribe = useUnsubscribeMutation();

  if (unsubscribe.isSuccess) return <Unsubscribed />;

  return (
    <>
      <h1>Dejar de recibir correos</h1>
      <p>
        Recibes este enlace porque alguien te agregó como su contacto de emergencia en Botón de Pánico Migratorio. Si te
        das de baja, ya no recibirás más correos de esa persona, tampoco sus alertas.
      </p>
      <p className="muted">Si otras personas te agregaron como contacto, seguirás recibiendo sus correos.</p>
      <button
        type="button"
        className="button button--danger button--block"
        disabled={unsubscribe.isPending}
        onClick={() =>
          unsubscribe.mutate(token, {
            onError: (error) => {
              if (isLinkRejected(error)) {
                void navigate({ to: '/web/active/invalid', replace: true });
              } else {
                showToast({ message: error.message, variant: 'danger' });
              }
            },
          })
        }
      >
        {unsubscribe.isPending ? 'Enviando…' : 'Darme de baja'}
      </button>
    </>
  );
}

function Unsubscribed() {
  const heading = useRef<HTMLHeadingElement>(null);
  // The button that had the focus is gone: the news takes it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <>
      <h1 ref={heading} tabIndex={-1}>
        Baja confirmada
      </h1>
      <p>Ya no recibirás más correos de esta persona.</p>
    </>
  );
}
