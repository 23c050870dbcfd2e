import { BUILD_PREFIX } from '#shared/constants.ts';
import { watchForUpdates } from './app-update/watch-for-updates.ts';

/**
 * Registers and follows the updates of what was registered. Never throws nor rejects: the app works
 * without a worker, and the next visit tries again. A blocked worker (the browser's policy, an add-on,
 * a test harness) may throw at once, refuse, or hand back no registration at all.
 */
export async function registerAndWatch(register: () => Promise<ServiceWorkerRegistration | undefined>): Promise<void> {
  let registration: ServiceWorkerRegistration | undefined;
  try {
    registration = await register();
  } catch {
    // Refused or failed: nothing to follow.
    return;
  }
  watchForUpdates(registration);
}

/** The worker lives at /build/sw.js; the server allows it the whole origin (Service-Worker-Allowed: /). */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  // In the entry, not a chunk of its own: every browser that registers the worker fetched that file at
  // each start, and a file of its own costs more gzip than its code inside the entry (home's budget).
  const register = () =>
    void registerAndWatch(() => navigator.serviceWorker.register(`${BUILD_PREFIX}sw.js`, { scope: '/' }));
  // After load, so installing the worker does not compete with the first screen.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
