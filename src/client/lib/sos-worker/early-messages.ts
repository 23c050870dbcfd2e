import { hasServiceWorkerSupport } from './post-to-worker.ts';

// The worker's messages are dispatched as soon as the document has loaded, to
// whoever listens then. The bridge that handles them loads after the first paint,
// once a worker is active (home's download budget), so until then they wait here.

let held: unknown[] | undefined;

function keep(event: MessageEvent): void {
  held?.push(event.data);
}

/** First thing in main.tsx. */
export function holdWorkerMessages(): void {
  if (!hasServiceWorkerSupport() || held) return;
  held = [];
  navigator.serviceWorker.addEventListener('message', keep);
}

/** The bridge takes over: what came so far, oldest first, and no more holding. */
export function takeHeldWorkerMessages(): unknown[] {
  if (hasServiceWorkerSupport()) navigator.serviceWorker.removeEventListener('message', keep);
  const messages = held ?? [];
  held = undefined;
  return messages;
}
