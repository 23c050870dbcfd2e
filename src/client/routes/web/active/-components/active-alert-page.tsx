import { useQuery } from '@tanstack/react-query';
import { contactsQueryOptions } from '#client/features/contacts/api/get-contacts.ts';
import { ActiveAlertScreen } from '#client/features/sos/active/active-alert-screen.tsx';

/** The contacts (cached, so offline too) belong to their feature; they meet the alert screen here. */
export function ActiveAlertPage() {
  const contacts = useQuery(contactsQueryOptions());
  return <ActiveAlertScreen contacts={contacts.data} />;
}
