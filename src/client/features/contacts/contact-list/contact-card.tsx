import { Link } from '@tanstack/react-router';
import type { Contact } from '#shared/api/contacts.ts';
import { INVITATION_PENDING } from '#shared/invitation-pending.ts';
import { pushPhonesText } from '#shared/push-phones-text.ts';
import { invitationPendingUntil } from '#client/features/contacts/contact-list/invitation-pending.ts';

/** One contact on home: the whole card is the link to its page. Unverified and unsubscribed ones are greyed out. */
export function ContactCard({ contact }: { contact: Contact }) {
  const verified = Boolean(contact.email_verified_at);
  const unsubscribed = Boolean(contact.unsubscribed_at);
  const pending = !verified && !unsubscribed && invitationPendingUntil(contact) !== undefined;
  return (
    <Link
      to="/web/contact/$contactId"
      params={{ contactId: contact.id }}
      className={verified && !unsubscribed ? 'contact-card' : 'contact-card contact-card--inactive'}
    >
      {/* The spaces between the lines keep the link's spoken name from running words together; the grid ignores them. */}
      <span className="contact-card__name">
        {contact.firstname} {contact.lastname}
      </span>{' '}
      <span className="contact-card__detail">{contact.email}</span>{' '}
      <span className="contact-card__detail">{contact.phone}</span>{' '}
      {/* An opt-out outranks a confirmation: 'Verificado' beside it would say the alerts still reach them. */}
      {unsubscribed ? (
        <span className="contact-card__state contact-card__unsubscribed">Dado de baja: no recibirá alertas</span>
      ) : (
        <span className={verified ? 'contact-card__state contact-card__state--verified' : 'contact-card__state'}>
          {verified ? 'Verificado' : pending ? INVITATION_PENDING : 'Sin verificar'}
        </span>
      )}
      {verified && !unsubscribed && contact.push_phones > 0 && (
        <span className="contact-card__push"> {pushPhonesText(contact.push_phones)}</span>
      )}
    </Link>
  );
}
