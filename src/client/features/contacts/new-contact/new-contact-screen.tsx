import { useNavigate } from '@tanstack/react-router';
import * as apiMessages from '#shared/api-messages.ts';
import { atMoment, invitationPendingNotice } from '#shared/invitation-texts.ts';
import { track } from '#client/lib/analytics.ts';
import { showToast } from '#client/ui/toast-store.ts';
import { ContactForm } from '../contact-form/contact-form.tsx';
import { invitationPendingUntil } from '#client/features/contacts/contact-list/invitation-pending.ts';

export function NewContactScreen() {
  const navigate = useNavigate();
  return (
    <>
      <h1>Agregar Contacto</h1>
      <p className="muted">Le enviaremos un correo para que confirme y acepte recibir tus alertas.</p>
      <ContactForm
        onCreated={(contact) => {
          track('contact_create');
          const pendingUntil = invitationPendingUntil(contact);
          showToast({
            message: pendingUntil ? invitationPendingNotice(atMoment(pendingUntil)) : apiMessages.contactCreated,
            // An invitation held back is news to heed (that contact gets no alert yet), never a green success.
            variant: pendingUntil ? 'warning' : 'success',
            screen: '/web/home',
          });
          void navigate({ to: '/web/home' });
        }}
      />
    </>
  );
}
