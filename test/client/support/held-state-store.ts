import { STATE_STORE_DB } from '#shared/constants.ts';

/**
 * A slow IndexedDB, as a busy phone has: a readwrite transaction over the app's state store kept
 * open (one request after another) until `release()`. IndexedDB runs transactions over the same
 * store in the order they were made, so every read and write of the stored session made meanwhile
 * waits for it. Resolves once the transaction holds the store.
 */
export async function holdStateStore(): Promise<{ release: () => Promise<void> }> {
  const db = await new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(STATE_STORE_DB);
    request.onupgradeneeded = () => request.result.createObjectStore('state');
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const transaction = db.transaction('state', 'readwrite');
  const store = transaction.objectStore('state');
  let held = true;
  const keepOpen = () => {
    if (held) store.count().onsuccess = keepOpen;
  };
  await new Promise<void>((resolve) => {
    store.count().onsuccess = () => {
      resolve();
      keepOpen();
    };
  });
  const done = new Promise<void>((resolve) => {
    transaction.oncomplete = () => resolve();
    transaction.onabort = () => resolve();
  });
  return {
    async release() {
      held = false;
      await done;
      db.close();
    },
  };
}
