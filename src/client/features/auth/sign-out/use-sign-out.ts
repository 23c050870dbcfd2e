import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { track } from '#client/lib/analytics.ts';
import { clearQueryCache } from '#client/lib/query-client.ts';
import { resetAll } from '#client/lib/session/session-store.ts';
import { logout } from './logout.ts';

const SIGN_OUT_STORE_WAIT_MS = 1000;

/**
 * Sign-out: tell the server (best effort), forget everything local, go to signin.
 * `tellServer: false` after the account was deleted: its sessions are gone already.
 */
export function useSignOut(): (options?: { tellServer?: boolean }) => Promise<void> {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(
    async ({ tellServer = true } = {}) => {
      if (tellServer) void logout();
      // Stored before sign-in shows (a stuck IndexedDB delays it a moment at most): an app closed then reopens signed out.
      await resetAll(SIGN_OUT_STORE_WAIT_MS);
      void clearQueryCache(queryClient);
      track('logout');
      await navigate({ to: '/web/auth/signin', replace: true });
    },
    [navigate, queryClient],
  );
}
