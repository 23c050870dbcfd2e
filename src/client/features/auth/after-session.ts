import type { Session } from '#shared/api/auth.ts';
import { forgetSessionEndedElsewhere } from '#client/lib/session/session-expiry.ts';
import { setSessionStoredFirst } from '#client/lib/session/session-store.ts';

/**
 * The longest a stuck IndexedDB (or a held session lock) may keep the next screen back after a
 * sign-in. A first write on a new phone also makes the device key, so it gets more than the others.
 */
const STORE_BEFORE_NEXT_SCREEN_MS = 2000;

/**
 * SPEC.md section 4: after verify or signup, no contacts yet means the first-contact screen.
 * Resolves once the session is stored (or the wait ran out): only then may that screen show.
 */
export async function storeSessionAndChooseNext(session: Session): Promise<'/web/auth/contacts' | '/web/home'> {
  await setSessionStoredFirst(session, STORE_BEFORE_NEXT_SCREEN_MS);
  forgetSessionEndedElsewhere();
  // Ask the browser not to evict our storage (and the SOS queue) now that there is a session.
  void navigator.storage?.persist?.().catch(() => false);
  return session.contacts === 0 ? '/web/auth/contacts' : '/web/home';
}
