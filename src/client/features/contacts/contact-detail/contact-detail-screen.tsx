import { Link } from '@tanstack/react-router';
import { ApiError } from '#client/lib/api-error.ts';
import { useContact } from '#client/api/contacts.ts';
import { ContactDetails } from './contact-details.tsx';
import './contact-detail.css';

export function ContactDetailScreen({ contactId }: { contactId: string }) {
  const contact = useContact(contactId);

  // Not the person's contact (or deleted elsewhere): whatever was cached no longer counts.
  if (contact.error instanceof ApiError && contact.error.status === 404) return <ContactNotFound />;
  if (contact.data) return <ContactDetails contact={contact.data} />;
  if (contact.isError) {
    return (
      <>
        <h1>Contacto</h1>
        <p>No pudimos cargar este contacto. Revisa tu conexión e inténtalo de nuevo.</p>
        <button type="button" className="button" onClick={() => void contact.refetch()}>
          Intentar de nuevo
        </button>
      </>
    );
  }
  return (
    <p className="muted" role="status">
      Cargando contacto…
    </p>
  );
}

function ContactNotFound() {
  return (
    <>
      <h1>Contacto no encontrado</h1>
      <p>No encontramos este contacto. Es posible que lo hayas eliminado o que el enlace no sea correcto.</p>
      <Link to="/web/home" className="button">
        Volver al inicio
      </Link>
    </>
  );
}
