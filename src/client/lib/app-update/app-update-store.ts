// What the service worker's lifecycle means for the person, as an external store
// (read with useSyncExternalStore). watch-for-updates.ts writes it; the
// app-update feature shows it.
import { createStore } from '../create-store.ts';

export type AppUpdateState = {
  /** A new version is installed and waits for the person's 'Actualizar'. */
  updateReady: boolean;
  /** The first install finished: the app now opens with no network. */
  offlineReady: boolean;
};

const store = createStore<AppUpdateState>(() => ({ updateReady: false, offlineReady: false }));
let apply: () => void = () => undefined;

function patch(next: Partial<AppUpdateState>): void {
  const state = store.get();
  if (Object.entries(next).every(([key, value]) => state[key as keyof AppUpdateState] === value)) return;
  store.set({ ...state, ...next });
}

export const getAppUpdateState = store.get;
export const subscribeAppUpdate = store.subscribe;

export const markUpdateReady = () => patch({ updateReady: true });
export const markOfflineReady = () => patch({ offlineReady: true });

/** Set by the watcher of the live registration. */
export function setUpdateAction(action: () => void): void {
  apply = action;
}

/** The person pressed 'Actualizar'. */
export function applyAppUpdate(): void {
  apply();
}

/** Back to a page that never saw a worker (tests). */
export function resetAppUpdate(): void {
  apply = () => undefined;
  patch({ updateReady: false, offlineReady: false });
}
