import { Link } from '@tanstack/react-router';
import type { Contact } from '#shared/api/contacts.ts';
import { pushPhonesText } from '#shared/push-phones-text.ts';
import { atMoment, invitationPendingNotice } from '#shared/invitation-texts.ts';
import { invitationPendingUntil } from '#client/features/contacts/contact-list/invitation-pending.ts';
import { ContactDetention } from './contact-detention.tsx';
import { ContactLanguage } from './contact-language.tsx';
import { DeleteContactButton } from './delete-contact-button.tsx';
import { ResendInvitationButton } from './resend-invitation-button.tsx';

export function ContactDetails({ contact }: { contact: Contact }) {
  const fullName = `${contact.firstname} ${contact.lastname}`;
  return (
    <>
      <Link to="/web/home" className="contact-detail__back">
        ‹ Volver a mis contactos
      </Link>
      <h1>{fullName}</h1>
      <dl className="contact-detail__data">
        <div>
          <dt>Nombres</dt>
          <dd>{contact.firstname}</dd>
        </div>
        <div>
          <dt>Apellidos</dt>
          <dd>{contact.lastname}</dd>
        </div>
        <div className="contact-detail__wide">
          <dt>Correo electrónico</dt>
          <dd>{contact.email}</dd>
        </div>
        <div>
          <dt>Teléfono</dt>
          <dd>
            <a href={`tel:${contact.phone}`}>{contact.phone}</a>
          </dd>
        </div>
        <div>
          <dt>Parentesco</dt>
          <dd>{contact.kinship}</dd>
        </div>
      </dl>
      <ContactLanguage contact={contact} />
      <ContactDetention contact={contact} />
      <ContactState contact={contact} />
      <DeleteContactButton contactId={contact.id} fullName={fullName} />
    </>
  );
}

/** Whether this contact will get the alerts, and what to do if not. */
function ContactState({ contact }: { contact: Contact }) {
  if (contact.unsubscribed_at) {
    return (
      <div className="notice notice--danger">
        <p>Dado de baja: no recibirá alertas</p>
      </div>
    );
  }
  if (contact.email_verified_at) {
    return (
      <div className="notice notice--success">
        <p>¡Todo está listo! Este contacto está verificado y listo para recibir tus alertas.</p>
        {contact.push_phones > 0 && (
          <p>{pushPhonesText(contact.push_phones)}: también le llegan tus alertas como aviso en el teléfono.</p>
        )}
      </div>
    );
  }
  const pendingUntil = invitationPendingUntil(contact);
  if (pendingUntil) {
    // Nothing to press: the server sends it by itself at that moment.
    return (
      <div className="notice notice--warning">
        <p>{invitationPendingNotice(atMoment(pendingUntil))}</p>
        <p>Este contacto deberá confirmar su correo electrónico para recibir tus alertas.</p>
      </div>
    );
  }
  return (
    <div className="notice notice--warning">
      <p>Este contacto aún no ha verificado su correo electrónico. Debe hacerlo para recibir tus alertas.</p>
      <ResendInvitationButton contactId={contact.id} />
    </div>
  );
}
