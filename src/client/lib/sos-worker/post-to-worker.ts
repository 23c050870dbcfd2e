import type { SosPageMessage } from '#shared/browser/sos-messages.ts';

let ready: { container: ServiceWorkerContainer; registration: Promise<ServiceWorkerRegistration> } | undefined;

export function hasServiceWorkerSupport(): boolean {
  return typeof navigator !== 'undefined' && 'serviceWorker' in navigator && navigator.serviceWorker !== undefined;
}

/**
 * Posts to the worker that controls this page or, on the very first load before
 * it claims the page, to the active one once it is ready. Without a worker the
 * message has nobody to go to and is dropped.
 */
export async function postToWorker(message: SosPageMessage): Promise<void> {
  if (!hasServiceWorkerSupport()) return;
  const container = navigator.serviceWorker;
  if (container.controller) {
    container.controller.postMessage(message);
    return;
  }
  // Asked once: without any registration (development, a refused install) it never settles.
  if (ready?.container !== container) ready = { container, registration: container.ready };
  (await ready.registration).active?.postMessage(message);
}
