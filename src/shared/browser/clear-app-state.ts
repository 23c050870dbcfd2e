import { clear } from 'idb-keyval';
import { getStateStore } from './idb-stores.ts';

/**
 * Drops the encrypted session and query cache. The device key and the
 * `workbox-background-sync` queue stay: queued SOS requests are never dropped.
 */
export async function clearAppState(): Promise<void> {
  await clear(getStateStore());
}
