import type { Session } from '#shared/api/auth.ts';
import { forgetSessionEndedElsewhere } from '#client/lib/session/session-expiry.ts';
import { setSession } from '#client/lib/session/session-store.ts';

/** SPEC.md section 4: after verify or signup, no contacts yet means the first-contact screen. */
export function storeSessionAndChooseNext(session: Session): '/web/auth/contacts' | '/web/home' {
  setSession(session);
  forgetSessionEndedElsewhere();
  // Ask the browser not to evict our storage (and the SOS queue) now that there is a session.
  void navigator.storage?.persist?.().catch(() => false);
  return session.contacts === 0 ? '/web/auth/contacts' : '/web/home';
}
