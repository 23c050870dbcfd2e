import { vi } from 'vitest';
import { Queue, QueueStore, StorableRequest } from 'workbox-background-sync';
import { SOS_QUEUE_NAME } from '#shared/constants.ts';
import { createWorkboxSosQueue, type SosQueue } from '#sw/sos-queue.ts';

declare global {
  var __WB_DISABLE_DEV_LOGS: boolean | undefined;
}

/**
 * A worker-like `self` for workbox-background-sync in jsdom: a registration
 * with Background Sync (the tag registrations are recorded) and Workbox's
 * development logs off.
 */
export function installRegistration() {
  globalThis.__WB_DISABLE_DEV_LOGS = true;
  const register = vi.fn(async (_tag: string) => {});
  Object.defineProperty(self, 'registration', { value: { sync: { register } }, configurable: true });
  return { register };
}

/** The real Workbox-backed queue over fake-indexeddb, emptied. */
export async function freshSosQueue(onSync: () => Promise<void> = async () => {}): Promise<SosQueue> {
  // Queue names are unique per worker; each test builds the worker's queue anew.
  Queue._queueNames.clear();
  const queue = createWorkboxSosQueue({ onSync });
  for (const entry of await queue.list()) await queue.remove(entry.id);
  return queue;
}

/** Every row of the Workbox database, as someone reading the disk would see it. */
export function rawQueueRows(): Promise<Array<Record<string, unknown>>> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('workbox-background-sync');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const read = db.transaction('requests').objectStore('requests').getAll();
      read.onerror = () => reject(read.error);
      read.onsuccess = () => {
        db.close();
        resolve(read.result as Array<Record<string, unknown>>);
      };
    };
  });
}

/** A row written straight to the Workbox database, past the queue: an older version's, or a damaged one. */
export async function pushRawEntry(request: Request, metadata: object): Promise<void> {
  const requestData = (await StorableRequest.fromRequest(request)).toObject();
  await new QueueStore(SOS_QUEUE_NAME).pushEntry({ requestData, timestamp: Date.now(), metadata });
}

/** A body sealed under a key this device does not have (its key store cleared, the queue kept). */
export const foreignSealedCall = (url: string) =>
  new Request(url, { method: 'PUT', body: crypto.getRandomValues(new Uint8Array(80)) });
