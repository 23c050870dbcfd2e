import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { track } from '#client/lib/analytics.ts';
import { setAuth } from '#client/lib/session/session-store.ts';
import { Dialog } from '#client/ui/dialog.tsx';
import { declareNoContacts } from '#client/api/contact-changes.ts';
import { ContactForm } from '../contact-form/contact-form.tsx';
import './first-contact-screen.css';

type Open = 'none' | 'congratulations' | 'no-contacts';

/**
 * Right after sign-up: the first emergency contact, or the statement of having none. `onDone`
 * replaces going home (the route may show one more step first).
 */
export function FirstContactScreen({ onDone }: { onDone?: () => void } = {}) {
  const navigate = useNavigate();
  const [open, setOpen] = useState<Open>('none');
  const goHome = onDone ?? (() => void navigate({ to: '/web/home', replace: true }));

  return (
    <>
      <h1>Agrega tu primer contacto de emergencia</h1>
      <p className="muted">
        Esta persona recibirá un correo cada vez que presiones el botón SOS. Antes, deberá confirmar su correo y aceptar
        los términos.
      </p>
      <ContactForm
        onCreated={() => {
          track('first_contact');
          setOpen('congratulations');
        }}
      />
      <button
        type="button"
        className="button button--ghost button--block first-contact__none"
        onClick={() => setOpen('no-contacts')}
      >
        No tengo contactos de emergencia
      </button>

      {open === 'congratulations' && (
        <Dialog
          title="¡Felicidades!"
          onDismiss={goHome}
          actions={
            <button type="button" className="button" data-autofocus onClick={goHome}>
              Ir al inicio
            </button>
          }
        >
          <p>Registraste tu primer contacto de emergencia.</p>
          <p>
            Le enviamos un correo para que confirme y acepte recibir tus alertas. Puedes agregar más contactos cuando
            quieras.
          </p>
        </Dialog>
      )}

      {open === 'no-contacts' && (
        <Dialog
          role="alertdialog"
          title="¿Continuar sin contactos de emergencia?"
          onDismiss={() => setOpen('none')}
          actions={
            <>
              <button type="button" className="button button--ghost" data-autofocus onClick={() => setOpen('none')}>
                Cancelar
              </button>
              <button
                type="button"
                className="button"
                onClick={() => {
                  // SPEC.md section 4: counts as one, so home no longer sends the person back here.
                  setAuth({ contacts: 1 });
                  declareNoContacts();
                  goHome();
                }}
              >
                Continuar
              </button>
            </>
          }
        >
          <p>Mientras no tengas contactos de emergencia, nadie recibirá tus alertas.</p>
          <p>Puedes agregarlos cuando quieras desde «Agregar Contacto».</p>
        </Dialog>
      )}
    </>
  );
}
