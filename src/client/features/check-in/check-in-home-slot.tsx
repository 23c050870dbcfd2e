import { useCurrentCheckIn } from '#client/api/check-ins.ts';
import { CheckInStart } from '#client/features/check-in/check-in-start.tsx';
import { RunningCheckIn } from './running-check-in.tsx';
import './check-in.css';

/**
 * Home's place for 'Avísales si no vuelvo', below the SOS area: the running
 * check-in (from the cached state, offline too), or the way to set one.
 */
export function CheckInHomeSlot({ checkAlert }: { checkAlert: () => Promise<void> }) {
  const current = useCurrentCheckIn();
  const checkIn = current.data;
  if (checkIn && (checkIn.status === 'running' || checkIn.status === 'fired'))
    return <RunningCheckIn checkIn={checkIn} checkAlert={checkAlert} />;
  return <CheckInStart />;
}
