import { Link } from '@tanstack/react-router';
import { useCurrentCheckIn } from './api/current-check-in.ts';
import { CHECK_IN_HINT, CHECK_IN_TITLE } from '#client/critical/home/home-texts.ts';
import { RunningCheckIn } from './running-check-in.tsx';
import './check-in.css';

/**
 * Home's place for 'Avísales si no vuelvo', below the SOS area: the running
 * check-in (from the cached state, offline too), or the way to set one. Blue,
 * square and worded, so it can never be taken for the red round SOS button.
 */
export function CheckInHomeSlot() {
  const current = useCurrentCheckIn();
  const checkIn = current.data;
  if (checkIn && (checkIn.status === 'running' || checkIn.status === 'fired')) return <RunningCheckIn checkIn={checkIn} />;
  return (
    <div className="check-in-start">
      <Link to="/web/check-in" className="button button--ghost button--block check-in-start__link">
        {CHECK_IN_TITLE}
      </Link>
      <p className="muted check-in-start__hint">{CHECK_IN_HINT}</p>
    </div>
  );
}
