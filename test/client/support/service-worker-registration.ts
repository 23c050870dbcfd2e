import { vi } from 'vitest';
import type { UpdateEnvironment } from '#client/lib/app-update/watch-for-updates.ts';

// Stand-ins for a ServiceWorkerRegistration and its workers, which jsdom lacks.
// The test moves them through the lifecycle the way the browser would.

export type FakeWorker = ReturnType<typeof fakeWorker>;

export function fakeWorker(state: ServiceWorkerState = 'installing') {
  const worker = Object.assign(new EventTarget(), {
    state,
    posted: [] as unknown[],
    postMessage: vi.fn((message: unknown) => void worker.posted.push(message)),
  });
  return worker;
}

export function moveTo(worker: FakeWorker, state: ServiceWorkerState): void {
  worker.state = state;
  worker.dispatchEvent(new Event('statechange'));
}

/**
 * A registration, its page's service worker container and the page's
 * reload, with the clock and the network under the test's control.
 */
export function fakeRegistration(
  { active = null, waiting = null, installing = null, controlled = active !== null } = {} as {
    active?: FakeWorker | null;
    waiting?: FakeWorker | null;
    installing?: FakeWorker | null;
    controlled?: boolean;
  },
) {
  const registration = Object.assign(new EventTarget(), {
    active,
    waiting,
    installing,
    update: vi.fn(async () => undefined),
  });
  const container = Object.assign(new EventTarget(), { controller: controlled ? active : null });
  let now = 1_000_000;
  let online = true;
  const reload = vi.fn();
  const env: UpdateEnvironment = {
    container: container as unknown as UpdateEnvironment['container'],
    document,
    reload,
    now: () => now,
    isOnline: () => online,
  };
  return {
    registration,
    /** What watchForUpdates takes. */
    asRegistration: registration as unknown as ServiceWorkerRegistration,
    env,
    reload,
    advance(ms: number) {
      now += ms;
    },
    setOnline(value: boolean) {
      online = value;
    },
    /** The browser found a new sw.js and starts installing it. */
    findUpdate(): FakeWorker {
      const worker = fakeWorker('installing');
      registration.installing = worker;
      registration.dispatchEvent(new Event('updatefound'));
      return worker;
    },
    /** `worker` finished installing and waits beside the active one. */
    waits(worker: FakeWorker) {
      registration.installing = null;
      registration.waiting = worker;
      moveTo(worker, 'installed');
    },
    /** `worker` becomes the active one and controls the page (after skipWaiting or a first install's claim). */
    takesControl(worker: FakeWorker) {
      registration.installing = null;
      registration.waiting = null;
      registration.active = worker;
      moveTo(worker, 'activating');
      moveTo(worker, 'activated');
      container.controller = worker;
      container.dispatchEvent(new Event('controllerchange'));
    },
  };
}

/** The page comes back to the foreground. */
export function returnToApp(): void {
  Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
  document.dispatchEvent(new Event('visibilitychange'));
}
