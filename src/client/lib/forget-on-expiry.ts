import type { QueryClient } from '@tanstack/react-query';
import { clearQueryCache } from './query-client.ts';
import { onSessionExpired } from './session/session-expiry.ts';

/**
 * What an ended session (a 401 a refresh could not cure) does besides clearing the session
 * store: the cached contacts and profile belong to the session that just ended, in memory and on
 * disk, and the person goes to sign-in.
 */
export function forgetSessionOnExpiry(queryClient: QueryClient, goToSignin: () => void): void {
  onSessionExpired(() => {
    void clearQueryCache(queryClient);
    goToSignin();
  });
}
