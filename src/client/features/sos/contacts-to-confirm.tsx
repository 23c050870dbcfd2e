import { Link } from '@tanstack/react-router';
import type { Contact } from '#shared/api/contacts.ts';

/** The contacts who still have to confirm their e-mail, each a link to their page (where the invitation is sent again). */
export function ContactsToConfirm({ contacts, className }: { contacts: readonly Contact[]; className: string }) {
  return (
    <ul className={className}>
      {contacts.map((contact) => (
        <li key={contact.id}>
          <Link to="/web/contact/$contactId" params={{ contactId: contact.id }}>
            {contact.firstname} {contact.lastname}
          </Link>
        </li>
      ))}
    </ul>
  );
}
