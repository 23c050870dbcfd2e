import { Link } from '@tanstack/react-router';
import { useContacts } from '#client/api/contacts.ts';
import { ContactCard } from './contact-card.tsx';
import './contact-list.css';

/**
 * The cards of home's list. It never holds the screen up: with no network and
 * nothing cached, the SOS button above it is already there. SPEC.md wants no
 * message for a failed load; a quiet line and a retry are all it gets.
 */
export function ContactList() {
  const contacts = useContacts();

  if (contacts.data && contacts.data.length === 0) {
    return (
      <div className="contact-list__empty">
        <p>No tienes contactos de emergencia registrados</p>
        <Link to="/web/contact" className="button">
          Registrar aquí
        </Link>
      </div>
    );
  }
  if (contacts.data) {
    return (
      <ul className="contact-list__items">
        {contacts.data.map((contact) => (
          <li key={contact.id}>
            <ContactCard contact={contact} />
          </li>
        ))}
      </ul>
    );
  }
  if (contacts.isError || contacts.failureCount > 0 || contacts.fetchStatus === 'paused') {
    return (
      <div className="contact-list__unavailable">
        <p className="muted">No pudimos cargar tus contactos. Revisa tu conexión.</p>
        <button type="button" className="button button--ghost" onClick={() => void contacts.refetch()}>
          Reintentar
        </button>
      </div>
    );
  }
  return (
    <p className="muted" role="status">
      Cargando contactos…
    </p>
  );
}
