/**
 * A module-level store: one value, replaced whole, with listeners. Read in React with
 * `useSyncExternalStore(store.subscribe, store.get)` (both are plain functions, safe to pass on).
 * `initial` runs at the first read and again after each reset, so every reset starts from fresh
 * objects (a new Set, a new array) and a value read from the page is read again.
 */
export interface Store<T> {
  get: () => T;
  /** Replaces the value; listeners hear only of a different one (Object.is). */
  set: (next: T) => void;
  subscribe: (listener: () => void) => () => void;
  /** Back to `initial()`, run again at the next read; listeners told. */
  reset: () => void;
}

const stores = new Set<Store<unknown>>();

export function createStore<T>(initial: () => T): Store<T> {
  const unread = Symbol('unread');
  let value: T | typeof unread = unread;
  const listeners = new Set<() => void>();

  const get = (): T => {
    if (value === unread) value = initial();
    return value;
  };
  const set = (next: T): void => {
    if (Object.is(get(), next)) return;
    value = next;
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const reset = (): void => {
    value = unread;
    for (const listener of listeners) listener();
  };

  const store: Store<T> = { get, set, subscribe, reset };
  stores.add(store as Store<unknown>);
  return store;
}

/** Every store back to its start (tests: each starts from a page that has just opened). */
export function resetAllStores(): void {
  for (const store of stores) store.reset();
}
