import type { UseStore } from 'idb-keyval';
import { KEY_STORE_DB, STATE_STORE_DB } from '../constants.ts';
import { createDurableStore } from './durable-store.ts';

// idb-keyval opens its database as soon as a store is created and keeps that
// connection at module level, so stores are made on first use: tests (and the
// service worker) can install their IndexedDB before anything opens. Their writes
// are strict (durable-store.ts): a key lost while what it sealed stayed is as bad
// as the sealed data lost.

let keyStore: UseStore | undefined;
let stateStore: UseStore | undefined;

/** The device key lives apart from the state, so clearing the state keeps the key. */
export function getKeyStore(): UseStore {
  keyStore ??= createDurableStore(KEY_STORE_DB, 'keys');
  return keyStore;
}

/** Encrypted session and query cache. Never the `workbox-background-sync` database. */
export function getStateStore(): UseStore {
  stateStore ??= createDurableStore(STATE_STORE_DB, 'state');
  return stateStore;
}
