import { useConnectionSaidHere } from '#client/lib/connection/connection-said-here.ts';
import { useAuth } from '#client/lib/session/use-session.ts';
import { isSessionValid } from '#client/lib/session/session-validity.ts';
import { useOnline } from '#client/lib/connection/use-online.ts';
import { CONNECTION_STATUS_NAME, OFFLINE_NEEDS_SIGNAL, OFFLINE_SOS_STILL_WORKS } from './offline-texts.ts';
import './offline-banner.css';

/**
 * Shown on every screen while the browser is offline. It sits in the page's
 * flow at the top, so it never covers the SOS button; rendered only while
 * offline, so the status is announced when the connection drops. A screen that
 * says itself what no network means there (the alert screen) has it said once.
 */
export function OfflineBanner() {
  const online = useOnline();
  const signedIn = isSessionValid(useAuth());
  const saidHere = useConnectionSaidHere();
  if (online || saidHere) return null;
  return (
    <div className="offline-banner" role="status" aria-label={CONNECTION_STATUS_NAME}>
      <p className="offline-banner__text">{signedIn ? OFFLINE_SOS_STILL_WORKS : OFFLINE_NEEDS_SIGNAL}</p>
    </div>
  );
}
