declare const self: ServiceWorkerGlobalScope;

export const SKIP_WAITING = 'SKIP_WAITING';

/**
 * The first install takes control at once, so the very first session is already
 * served by the worker. An update waits until the person agrees in the app
 * (STYLE.md 13), which then posts SKIP_WAITING.
 */
export function handleLifecycle() {
  self.addEventListener('activate', (event) => {
    event.waitUntil(self.clients.claim());
  });
  self.addEventListener('message', (event) => {
    if (event.data?.type === SKIP_WAITING) void self.skipWaiting();
  });
}
