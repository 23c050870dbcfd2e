import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { track } from '#client/lib/analytics.ts';
import { getSessionState, clearSessionStoredFirst } from '#client/lib/session/session-store.ts';
import { showToast } from '#client/ui/toast-store.ts';
import { logout } from './logout.ts';

// The phone could not forget the person (its storage is stuck): they are still signed in here.
const SIGN_OUT_NOT_CLEARED =
  'No pudimos borrar tus datos de este teléfono, así que tu sesión sigue abierta. Inténtalo de nuevo en un momento.';

/**
 * The longest signing out waits for this phone's storage to forget the person. A busy phone takes
 * a moment (strict writes wait for the disk); one that takes longer has a storage that is stuck,
 * and the person is told instead of being shown a sign-out that did not happen.
 */
export const SIGN_OUT_STORE_WAIT_MS = 15_000;

/**
 * Sign-out: forget everything of the person on this phone (session, cached contacts, profile and
 * check-in), on disk first; only then tell the server (best effort) and go to signin. Resolves
 * false, with a message and the person still signed in, when the phone could not forget them:
 * revoking the server's session then would leave a phone that still shows home but whose SOS
 * meets a 401. `tellServer: false` after the account was deleted: its sessions are gone already.
 */
export function useSignOut(): (options?: { tellServer?: boolean }) => Promise<boolean> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async ({ tellServer = true } = {}) => {
      const token = getSessionState().auth.access_token;
      if (!(await clearSessionStoredFirst(SIGN_OUT_STORE_WAIT_MS))) {
        showToast({ message: SIGN_OUT_NOT_CLEARED, variant: 'danger' });
        return false;
      }
      // The store is empty on disk already; this empties memory (its own save then writes nothing of the person).
      queryClient.clear();
      if (tellServer) void logout(token);
      track('logout');
      await navigate({ to: '/web/auth/signin', replace: true });
      return true;
    },
    [navigate, queryClient],
  );
}
