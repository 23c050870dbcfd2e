import { BUILD_PREFIX } from '#shared/constants.ts';

/** The worker lives at /build/sw.js; the server allows it the whole origin (Service-Worker-Allowed: /). */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  const register = () => {
    navigator.serviceWorker.register(`${BUILD_PREFIX}sw.js`, { scope: '/' }).then(
      // Its code comes once there is a worker to follow (home's download budget), from that worker's cache.
      (registration) =>
        void import('./app-update/watch-for-updates.ts').then(
          ({ watchForUpdates }) => watchForUpdates(registration),
          () => undefined,
        ),
      () => {
        // The app works without it; the next visit tries again.
      },
    );
  };
  // After load, so installing the worker does not compete with the first screen.
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
