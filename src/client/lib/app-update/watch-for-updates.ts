import { SKIP_WAITING, type SkipWaitingMessage } from '#shared/browser/worker-lifecycle.ts';
import { markOfflineReady, markUpdateReady, setUpdateAction } from './app-update-store.ts';

/**
 * The browser looks for a new sw.js on every navigation, but an installed app may
 * stay open for days: it also looks when the app comes back to the foreground, at
 * most this often (each look downloads sw.js again, on a cheap data plan too).
 */
export const FOREGROUND_CHECK_INTERVAL_MS = 30 * 60_000;

export type UpdateEnvironment = {
  container: Pick<ServiceWorkerContainer, 'controller' | 'addEventListener' | 'removeEventListener'>;
  document: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'>;
  reload: () => void;
  now: () => number;
  isOnline: () => boolean;
};

function browserEnvironment(): UpdateEnvironment {
  return {
    container: navigator.serviceWorker,
    document,
    reload: () => window.location.reload(),
    now: Date.now,
    isOnline: () => navigator.onLine,
  };
}

/**
 * Follows the registration (Squoosh's sw-bridge, STYLE.md 13): a worker that
 * installs while another is active waits, and the store says an update is ready;
 * only the person's press lets it in (SKIP_WAITING), and the page reloads once,
 * when the new worker controls it. The first install's clients.claim() also
 * changes the controller: that never reloads, it only says the app works offline.
 */
export function watchForUpdates(
  /** None where registering gave nothing back: a worker blocked by the browser's policy, an add-on or a test harness. */
  registration: ServiceWorkerRegistration | null | undefined,
  env: UpdateEnvironment = browserEnvironment(),
): () => void {
  return registration ? followRegistration(registration, env) : () => undefined;
}

function followRegistration(registration: ServiceWorkerRegistration, env: UpdateEnvironment): () => void {
  const followed = new WeakSet<ServiceWorker>();
  let accepted = false;
  let reloading = false;
  // Registering (or the navigation that opened the page) has just looked.
  let lastCheck = env.now();

  function reloadOnce(): void {
    if (reloading) return;
    reloading = true;
    env.reload();
  }

  function follow(worker: ServiceWorker | null): void {
    if (!worker || followed.has(worker)) return;
    followed.add(worker);
    // With another version active (or controlling this page) a new worker waits: that is an update.
    const isUpdate = registration.active !== null || env.container.controller !== null;
    const onState = () => {
      if (isUpdate && worker.state === 'installed') markUpdateReady();
      if (!isUpdate && worker.state === 'activated') markOfflineReady();
    };
    worker.addEventListener('statechange', onState);
    onState();
  }

  const onUpdateFound = () => follow(registration.installing);

  const onControllerChange = () => {
    if (accepted) reloadOnce();
  };

  const onVisibilityChange = () => {
    if (env.document.visibilityState !== 'visible' || !env.isOnline()) return;
    if (env.now() - lastCheck < FOREGROUND_CHECK_INTERVAL_MS) return;
    lastCheck = env.now();
    registration.update().catch(() => {
      // Offline or a server hiccup: the next return to the app looks again.
    });
  };

  setUpdateAction(() => {
    accepted = true;
    const waiting = registration.waiting;
    if (waiting) waiting.postMessage({ type: SKIP_WAITING } satisfies SkipWaitingMessage);
    // No worker waits any more: another tab already let the new version in, and
    // it controls this page too; loading the new pages is all that is left.
    else reloadOnce();
  });

  // Whatever is already under way when the page starts: an update that waits
  // since an earlier visit, or an install that began before this code ran.
  follow(registration.waiting);
  follow(registration.installing);
  registration.addEventListener('updatefound', onUpdateFound);
  env.container.addEventListener('controllerchange', onControllerChange);
  env.document.addEventListener('visibilitychange', onVisibilityChange);

  return () => {
    setUpdateAction(() => undefined);
    registration.removeEventListener('updatefound', onUpdateFound);
    env.container.removeEventListener('controllerchange', onControllerChange);
    env.document.removeEventListener('visibilitychange', onVisibilityChange);
  };
}
