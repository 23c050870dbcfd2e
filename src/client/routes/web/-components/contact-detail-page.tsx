import { getRouteApi } from '@tanstack/react-router';

const route = getRouteApi('/web/main/contact/$contactId');

/** Placeholder: the contact details and deletion come with the contacts issue. */
export function ContactDetailPage() {
  const { contactId } = route.useParams();
  return (
    <>
      <h1>Contacto</h1>
      <p className="muted">Contacto {contactId}</p>
    </>
  );
}
