import { PracticeDeliveries } from '#client/features/delivery/practice-deliveries.tsx';
import { PracticePanel } from '#client/features/sos/practice/practice-panel.tsx';

/** The practice press belongs to the SOS path, its list to the delivery feature: they meet here. */
export function PracticePage() {
  return <PracticePanel renderDeliveries={(progress) => <PracticeDeliveries {...progress} />} />;
}
