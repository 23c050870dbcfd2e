import { useContacts } from '#client/api/contacts.ts';
import { PracticeDeliveries } from '#client/features/delivery/practice-deliveries.tsx';
import { PracticePanel } from '#client/features/sos/practice/practice-panel.tsx';

/** The practice press belongs to the SOS path, its list to the delivery feature, the contacts to theirs: they meet here. */
export function PracticePage() {
  const contacts = useContacts();
  return (
    <PracticePanel contacts={contacts.data} renderDeliveries={(progress) => <PracticeDeliveries {...progress} />} />
  );
}
