import { useAuth } from '#client/lib/session/use-session.ts';
import { isSessionValid } from '#client/lib/session/session-validity.ts';
import { useOnline } from './use-online.ts';
import './offline-banner.css';

export const OFFLINE_SOS_STILL_WORKS = 'Sin conexión. El botón SOS sigue funcionando: tu alerta se enviará en cuanto haya señal.';
/** Signed out (sign-in, a contact's e-mail link) there is no SOS button to promise. */
export const OFFLINE_NEEDS_SIGNAL = 'Sin conexión. Necesitas señal para continuar.';

/**
 * Shown on every screen while the browser is offline. It sits in the page's
 * flow at the top, so it never covers the SOS button; rendered only while
 * offline, so the status is announced when the connection drops.
 */
export function OfflineBanner() {
  const online = useOnline();
  const signedIn = isSessionValid(useAuth());
  if (online) return null;
  return (
    <div className="offline-banner" role="status" aria-label="Estado de la conexión">
      <p className="offline-banner__text">{signedIn ? OFFLINE_SOS_STILL_WORKS : OFFLINE_NEEDS_SIGNAL}</p>
    </div>
  );
}
