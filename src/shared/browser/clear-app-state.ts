import { clear } from 'idb-keyval';
import { getStateStore } from './idb-stores.ts';

/**
 * Drops the encrypted session and query cache. The device key, the
 * `workbox-background-sync` queue and the worker's log of rejected SOS requests
 * (`sos-queue-outcomes`) stay: queued SOS requests are never dropped, and a
 * rejected one is shown before it is forgotten.
 */
export async function clearAppState(): Promise<void> {
  await clear(getStateStore());
}
