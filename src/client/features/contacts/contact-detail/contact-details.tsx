import { Link } from '@tanstack/react-router';
import { useRef } from 'react';
import type { Contact } from '#shared/api/contacts.ts';
import { ContactDetention } from './contact-detention.tsx';
import { ContactLanguage } from './contact-language.tsx';
import { ContactState } from './contact-state.tsx';
import { DeleteContactButton } from './delete-contact-button.tsx';
import { useRoomAtTheFold } from '#client/ui/room-at-the-fold.ts';

export function ContactDetails({ contact }: { contact: Contact }) {
  const fullName = `${contact.firstname} ${contact.lastname}`;
  const page = useRef<HTMLDivElement>(null);
  useRoomAtTheFold(page);
  return (
    <div ref={page}>
      <Link to="/web/home" className="contact-detail__back">
        ‹ Volver a mis contactos
      </Link>
      <h1>{fullName}</h1>
      <ContactState contact={contact} />
      {/* The name is the heading: the card holds how to reach them, each fact named for screen readers. */}
      <dl className="contact-detail__data">
        <div className="contact-detail__wide">
          <dt className="visually-hidden">Correo electrónico</dt>
          <dd>{contact.email}</dd>
        </div>
        <div>
          <dt className="visually-hidden">Teléfono</dt>
          <dd>
            <a href={`tel:${contact.phone}`}>{contact.phone}</a>
          </dd>
        </div>
        <div>
          <dt className="visually-hidden">Parentesco</dt>
          <dd>{contact.kinship}</dd>
        </div>
      </dl>
      <ContactLanguage contact={contact} />
      <ContactDetention contact={contact} />
      <DeleteContactButton contactId={contact.id} fullName={fullName} />
    </div>
  );
}
