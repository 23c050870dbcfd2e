import { useParams } from '@tanstack/react-router';
import { ContactDetailScreen } from '#client/features/contacts/contact-detail/contact-detail-screen.tsx';

// The hooks with `from`, not getRouteApi: its class sits in the router's module, which is in the entry,
// so one lazy page using it puts it in every first download.

export function ContactDetailPage() {
  const { contactId } = useParams({ from: '/web/_authed/contact/$contactId' });
  // Keyed, so moving from one contact to another starts a fresh screen (dialogs closed).
  return <ContactDetailScreen key={contactId} contactId={contactId} />;
}
