import { createStore, type UseStore } from 'idb-keyval';

// idb-keyval opens its database as soon as a store is created and keeps that
// connection at module level, so stores are made on first use: tests (and the
// service worker) can install their IndexedDB before anything opens.

let keyStore: UseStore | undefined;
let stateStore: UseStore | undefined;

/** The device key lives apart from the state, so clearing the state keeps the key. */
export function getKeyStore(): UseStore {
  keyStore ??= createStore('sos-keys', 'keys');
  return keyStore;
}

/** Encrypted session and query cache. Never the `workbox-background-sync` database. */
export function getStateStore(): UseStore {
  stateStore ??= createStore('sos-state', 'state');
  return stateStore;
}
