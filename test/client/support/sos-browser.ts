import { vi } from 'vitest';
import { SOS_QUEUE, type SosQueueStatus } from '#shared/browser/sos-messages.ts';

// Minimal stand-ins for the browser APIs of the SOS path, which jsdom lacks:
// geolocation, the permissions API and the service worker container. They are
// installed on `navigator` and removed by `removeBrowserFakes()`.

const installed = new Set<string>();

function install(name: 'geolocation' | 'permissions' | 'serviceWorker', value: unknown): void {
  Object.defineProperty(navigator, name, { value, configurable: true });
  installed.add(name);
}

export function removeBrowserFakes(): void {
  for (const name of installed) Reflect.deleteProperty(navigator, name);
  installed.clear();
}

/** navigator.geolocation whose watchers get the fixes and errors a test hands out. */
export function fakeGeolocation() {
  let nextId = 1;
  const watchers = new Map<number, { success: PositionCallback; error?: PositionErrorCallback | null }>();
  const geolocation = {
    watchPosition: vi.fn(
      (success: PositionCallback, error?: PositionErrorCallback | null, _options?: PositionOptions) => {
        const id = nextId++;
        watchers.set(id, { success, error });
        return id;
      },
    ),
    clearWatch: vi.fn((id: number) => void watchers.delete(id)),
    getCurrentPosition: vi.fn(),
  };
  install('geolocation', geolocation);
  return {
    geolocation,
    isWatching: () => watchers.size > 0,
    /** A position; `accuracy` in metres, as the browser gives it (12 unless said). */
    fix(latitude: number, longitude: number, accuracy = 12) {
      const position = { coords: { latitude, longitude, accuracy }, timestamp: Date.now() } as GeolocationPosition;
      for (const { success } of watchers.values()) success(position);
    },
    fail(code: number, message: string) {
      const error = {
        code,
        message,
        PERMISSION_DENIED: 1,
        POSITION_UNAVAILABLE: 2,
        TIMEOUT: 3,
      } as GeolocationPositionError;
      for (const { error: callback } of [...watchers.values()]) callback?.(error);
    },
  };
}

/** navigator.permissions answering `state` for geolocation. */
export function fakePermissions(state: PermissionState) {
  const status = Object.assign(new EventTarget(), { state, name: 'geolocation', onchange: null });
  install('permissions', { query: vi.fn(async () => status) });
  return {
    change(next: PermissionState) {
      status.state = next;
      status.dispatchEvent(new Event('change'));
    },
  };
}

/**
 * navigator.serviceWorker with a worker that records what the page posts.
 * `controlled: false` is the first load before the worker claims the page (or
 * a browser without one controlling it). `backgroundSync: true` gives the
 * registration a SyncManager that accepts registrations (Chromium's).
 */
export function fakeServiceWorker({
  controlled = true,
  backgroundSync = false,
}: { controlled?: boolean; backgroundSync?: boolean } = {}) {
  const posted: unknown[] = [];
  const worker = { postMessage: vi.fn((message: unknown) => void posted.push(message)) };
  // Without Background Sync, as on an iPhone: no `sync` at all.
  const sync = { register: vi.fn(async (_tag: string) => undefined) };
  const container = Object.assign(new EventTarget(), {
    controller: controlled ? worker : null,
    ready: Promise.resolve(backgroundSync ? { active: worker, sync } : { active: worker }),
  });
  install('serviceWorker', container);
  return {
    posted,
    /** The worker posts a message to the page. */
    send(data: unknown) {
      container.dispatchEvent(new MessageEvent('message', { data }));
    },
    /** The Background Sync tags registered so far (only with `backgroundSync`). */
    syncTags: () => sync.register.mock.calls.map(([tag]) => tag),
    /** The worker takes control of the page (its first install claims it). */
    claim() {
      container.controller = worker;
      container.dispatchEvent(new Event('controllerchange'));
    },
  };
}

/** A 'sos-queue' status as the worker sends it. */
export function queueStatus(overrides: Partial<SosQueueStatus> = {}): SosQueueStatus {
  return {
    type: SOS_QUEUE,
    pending: 0,
    queued: [],
    oldestQueuedAt: null,
    needsSignIn: false,
    replaying: false,
    rejected: [],
    ...overrides,
  };
}
