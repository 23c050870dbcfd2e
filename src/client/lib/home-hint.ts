import type { AuthState } from '#shared/browser/session-state.ts';
import { HOME_HINT_KEY, SIGNED_IN_HINT_KEY } from './home-hint-key.ts';
import { getSessionState, subscribeSession } from './session/session-store.ts';
import { isSessionValid } from './session/session-validity.ts';

// A hint, not a secret: '1' says only that this browser's stored session opens
// on home, so the script the build puts before the app fetches home's code
// beside the app's own and draws home's first frame (the early home, decision
// 012) instead of waiting for the session to be decrypted. A wrong hint costs a
// few kilobytes and a home drawn for a moment, never a wrong screen nor an alert:
// the guards still decide from the restored session, and a press on that home
// is sent only by the app's own home (features/sos/home/early-press.ts).

/** /web/home lets this session in (routes/web/authed.ts and guards.ts homeRules: signed in, a contact, no active alert). */
export function opensHome(auth: AuthState, now: number = Date.now()): boolean {
  return isSessionValid(auth, now) && auth.contacts >= 1 && !auth.alert_status;
}

/** From the restored session on, the hint follows every change (sign-in, alert, sign-out, expiry). */
export function keepHomeHint(): () => void {
  const update = () => {
    try {
      const { auth } = getSessionState();
      if (opensHome(auth)) localStorage.setItem(HOME_HINT_KEY, '1');
      else localStorage.removeItem(HOME_HINT_KEY);
      if (isSessionValid(auth)) localStorage.setItem(SIGNED_IN_HINT_KEY, '1');
      else localStorage.removeItem(SIGNED_IN_HINT_KEY);
    } catch {
      // Storage refused (private mode, quota): the next start just fetches home's code later.
    }
  };
  update();
  return subscribeSession(update);
}
