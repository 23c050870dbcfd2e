import { getRouteApi } from '@tanstack/react-router';
import { ContactDetailScreen } from '#client/features/contacts/contact-detail/contact-detail-screen.tsx';

const route = getRouteApi('/web/main/contact/$contactId');

export function ContactDetailPage() {
  const { contactId } = route.useParams();
  // Keyed, so moving from one contact to another starts a fresh screen (dialogs closed).
  return <ContactDetailScreen key={contactId} contactId={contactId} />;
}
