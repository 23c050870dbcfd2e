import { SESSION_REFRESH_LOCK } from '#shared/constants.ts';

/**
 * Runs `task` holding the Web Lock that the page, other tabs and the service
 * worker take before they change the stored tokens, so a refresh token is spent
 * once and a rotated pair is never overwritten by an older one.
 */
export function withSessionLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (!locks?.request) return task();
  return locks.request(SESSION_REFRESH_LOCK, task);
}
