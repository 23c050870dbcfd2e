import { BUILD_PREFIX } from '#shared/constants.ts';
import { watchForUpdates } from './app-update/watch-for-updates.ts';

/** The worker lives at /build/sw.js; the server allows it the whole origin (Service-Worker-Allowed: /). */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(`${BUILD_PREFIX}sw.js`, { scope: '/' }).then(
      // In the entry, not a chunk of its own: every browser that registers the worker fetched that file at
      // each start, and a file of its own costs more gzip than its code inside the entry (home's budget).
      (registration) => void watchForUpdates(registration),
      () => {
        // The app works without it; the next visit tries again.
      },
    );
  };
  // After load, so installing the worker does not compete with the first screen.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
