import { SKIP_WAITING } from '#shared/browser/worker-lifecycle.ts';

declare const self: ServiceWorkerGlobalScope;

/**
 * The first install takes control at once, so the very first session is already
 * served by the worker. An update waits until the person agrees in the app
 * (STYLE.md 13), which then posts SKIP_WAITING. Activating touches no SOS data:
 * the queue lives in IndexedDB, and Workbox's cleanupOutdatedCaches (app-shell.ts)
 * deletes only old precache caches.
 */
export function handleLifecycle() {
  self.addEventListener('activate', (event) => {
    event.waitUntil(self.clients.claim());
  });
  self.addEventListener('message', (event) => {
    if (event.data?.type === SKIP_WAITING) event.waitUntil(self.skipWaiting());
  });
}
