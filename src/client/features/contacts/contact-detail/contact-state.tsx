import type { Contact } from '#shared/api/contacts.ts';
import { pushPhonesText } from '#shared/push-phones-text.ts';
import { atMoment, invitationPendingNotice } from '#shared/invitation-texts.ts';
import { invitationPendingUntil } from '#client/features/contacts/contact-list/invitation-pending.ts';
import { ResendInvitationButton } from './resend-invitation-button.tsx';

export const VERIFIED_NOTICE = '¡Todo está listo! Este contacto está verificado y listo para recibir tus alertas.';
export const UNSUBSCRIBED_NOTICE = 'Dado de baja: no recibirá alertas';
export const NOT_ACCEPTED_NOTICE = 'Aún no aceptó tu invitación: todavía no recibirá tus alertas.';

/**
 * Whether this contact will get the alerts, and the one thing to do if not: the first thing under the
 * name, so that a phone's first screen shows it whatever else the page holds.
 */
export function ContactState({ contact }: { contact: Contact }) {
  return (
    <section aria-label="Estado del contacto" className={`notice ${noticeVariant(contact)}`}>
      <StateWords contact={contact} />
    </section>
  );
}

function noticeVariant(contact: Contact) {
  if (contact.unsubscribed_at) return 'notice--danger';
  return contact.email_verified_at ? 'notice--success' : 'notice--warning';
}

function StateWords({ contact }: { contact: Contact }) {
  // An opt-out outranks a confirmation: the alerts no longer reach them.
  if (contact.unsubscribed_at) return <p>{UNSUBSCRIBED_NOTICE}</p>;
  if (contact.email_verified_at) {
    return (
      <>
        <p>{VERIFIED_NOTICE}</p>
        {contact.push_phones > 0 && (
          <p>{pushPhonesText(contact.push_phones)}: también le llegan tus alertas como aviso en el teléfono.</p>
        )}
      </>
    );
  }
  const pendingUntil = invitationPendingUntil(contact);
  if (pendingUntil) {
    // Nothing to press: the server sends it by itself at that moment.
    return (
      <>
        <p>{invitationPendingNotice(atMoment(pendingUntil))}</p>
        <p>Este contacto deberá confirmar su correo electrónico para recibir tus alertas.</p>
      </>
    );
  }
  return (
    <>
      <p>{NOT_ACCEPTED_NOTICE}</p>
      <ResendInvitationButton contactId={contact.id} />
    </>
  );
}
