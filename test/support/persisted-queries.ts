import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * The roots of the query keys (query-client.ts's queryRoots) whose data the
 * app has saved to its encrypted cache, with how many items each holds (a list counts its items, anything else 1): what a
 * reopened app, offline, can show at once. Read in the page the way the app
 * reads it (the device key and the sealed value from IndexedDB, AES-GCM).
 */
export function persistedQueries(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async () => {
    const read = (database: string, store: string, key: string) =>
      new Promise<unknown>((resolve, reject) => {
        const opening = indexedDB.open(database);
        opening.onerror = () => reject(opening.error ?? new Error(`cannot open ${database}`));
        opening.onsuccess = () => {
          const db = opening.result;
          if (!db.objectStoreNames.contains(store)) {
            db.close();
            resolve(undefined);
            return;
          }
          const getting = db.transaction(store, 'readonly').objectStore(store).get(key);
          getting.onerror = () => reject(getting.error ?? new Error(`cannot read ${key}`));
          getting.onsuccess = () => {
            db.close();
            resolve(getting.result);
          };
        };
      });
    const deviceKey = (await read('sos-keys', 'keys', 'device-key')) as CryptoKey | undefined;
    const sealed = (await read('sos-state', 'state', 'persist:sos-v8:queries')) as Uint8Array | undefined;
    if (!deviceKey || !sealed) return {};
    const bytes = new Uint8Array(sealed.buffer, sealed.byteOffset, sealed.byteLength);
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes.slice(0, 12) }, deviceKey, bytes.slice(12));
    const saved = JSON.parse(new TextDecoder().decode(plain)) as {
      clientState: { queries: { queryKey: unknown[]; state: { status: string; data: unknown } }[] };
    };
    const found: Record<string, number> = {};
    for (const query of saved.clientState.queries) {
      if (query.state.status !== 'success') continue;
      const { data } = query.state;
      const items = Array.isArray(data) ? data.length : 1;
      const root = String(query.queryKey[0]);
      found[root] = (found[root] ?? 0) + items;
    }
    return found;
  });
}

/** Resolves once home's contact card is shown and the cache saved on the phone holds at least `saved` (as persistedQueries counts it). */
export async function homeDataSaved(page: Page, saved: Record<string, number>): Promise<void> {
  await page.locator('.contact-card').first().waitFor();
  await expect.poll(() => persistedQueries(page), { timeout: 30_000, interval: 100 }).toMatchObject(saved);
}
