import { getSessionState } from './session-store.ts';
import { isRefreshDue, refreshSession } from './session-refresh.ts';

/** Refreshes when online and the token is a day old: at start and whenever the app comes back to the front. */
export function startSlidingSession(): () => void {
  const check = () => {
    if (document.visibilityState !== 'visible' || !navigator.onLine || !isRefreshDue()) return;
    void refreshSession(getSessionState().auth.access_token);
  };
  check();
  document.addEventListener('visibilitychange', check);
  return () => document.removeEventListener('visibilitychange', check);
}
