import { createStore } from '../create-store.ts';
import { getSessionState, resetAll } from './session-store.ts';
import { isSessionValid } from './session-validity.ts';

// The router is built by the app layer; lib cannot import it, so the app hands
// over what "go to sign-in" means at start-up.
let goToSignin: () => void = () => undefined;

/**
 * Set when the server refused a session this phone still held as good (its expiry
 * not reached): it was closed from another phone. Sign-in says so until the next
 * session starts; a reload forgets it, as it forgets the rest of the screen.
 */
const endedElsewhere = createStore(() => false);
export const sessionEndedElsewhere = endedElsewhere.get;
export const subscribeSessionEnded = endedElsewhere.subscribe;

export function forgetSessionEndedElsewhere(): void {
  endedElsewhere.set(false);
}

export function onSessionExpired(handler: () => void): void {
  goToSignin = handler;
}

/** The longest a stuck IndexedDB (or a held session lock) may keep sign-in from showing after a 401. */
const STORE_BEFORE_SIGNIN_MS = 1000;

/**
 * SPEC.md section 8: a 401 clears every slice and logs 'Sesión expirada'. Sign-in shows once the
 * cleared session is stored: an app closed right then must not reopen on the dead session's home,
 * whose SOS press would only meet the 401 again.
 */
export function expireSession(): void {
  // Calls in flight together each meet the 401: the first, still holding the session, tells.
  if (isSessionValid(getSessionState().auth)) endedElsewhere.set(true);
  const stored = resetAll(STORE_BEFORE_SIGNIN_MS);
  console.warn('Sesión expirada');
  void stored.then(() => goToSignin());
}
