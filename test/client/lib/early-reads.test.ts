import { afterEach, describe, expect, it, vi } from 'vitest';
import { createEncryptedStorage } from '#shared/browser/encrypted-storage.ts';
import { QUERY_STORE_KEY, SESSION_STORE_KEY, STORAGE_KEY, VERSION_MARKER_KEY } from '#shared/constants.ts';
import { contactsQueryOptions } from '#client/api/contacts.ts';
import { createQueryClient, restoreQueryCache } from '#client/lib/query-client.ts';
import { aContact } from '../support/contacts.ts';
import { aSession } from '../support/session.ts';

const session = createEncryptedStorage(SESSION_STORE_KEY);
const stops: Array<() => void> = [];

/** A page load up to the restore: main.tsx's first import runs, then the rest of the app's modules. */
async function openApp() {
  vi.resetModules();
  await import('#client/early-restore.ts');
  return {
    reads: await import('#client/lib/session/early-reads.ts'),
    store: await import('#client/lib/session/session-store.ts'),
    queries: await import('#client/lib/query-client.ts'),
  };
}

afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  localStorage.clear();
  await session.remove();
  await createEncryptedStorage(QUERY_STORE_KEY).remove();
});

describe('reading the stored state before the app has loaded', () => {
  it('restores the session and the cached contacts from the reads main.tsx starts first', async () => {
    localStorage.setItem(VERSION_MARKER_KEY, STORAGE_KEY);
    await session.write(JSON.stringify({ auth: aSession({ firstname: 'Temprana' }) }));
    const before = createQueryClient();
    stops.push(await restoreQueryCache(before));
    before.setQueryData(contactsQueryOptions().queryKey, [aContact({ firstname: 'Contacto' })]);
    await expect.poll(() => createEncryptedStorage(QUERY_STORE_KEY).read()).toContain('Contacto');

    const { reads, store, queries } = await openApp();
    const after = queries.createQueryClient();
    await Promise.all([store.restoreSession(), queries.restoreQueryCache(after).then((stop) => stops.push(stop))]);

    expect(store.getSessionState().auth.firstname).toBe('Temprana');
    expect(after.getQueryData(contactsQueryOptions().queryKey)).toEqual([
      expect.objectContaining({ firstname: 'Contacto' }),
    ]);
    // Both restores took their early read.
    expect(reads.takeEarlyRead(SESSION_STORE_KEY)).toBeUndefined();
    expect(reads.takeEarlyRead(QUERY_STORE_KEY)).toBeUndefined();
  });

  it('hands each early read out once', async () => {
    localStorage.setItem(VERSION_MARKER_KEY, STORAGE_KEY);
    await session.write('{"auth":{}}');
    const { reads } = await openApp();
    await expect(reads.takeEarlyRead(SESSION_STORE_KEY)).resolves.toBe('{"auth":{}}');
    expect(reads.takeEarlyRead(SESSION_STORE_KEY)).toBeUndefined();
  });

  it('starts nothing for state another version wrote: applyVersionMarker clears that instead', async () => {
    localStorage.setItem(VERSION_MARKER_KEY, 'sos-v7');
    await session.write('{"auth":{}}');
    const { reads } = await openApp();
    expect(reads.takeEarlyRead(SESSION_STORE_KEY)).toBeUndefined();
    expect(reads.takeEarlyRead(QUERY_STORE_KEY)).toBeUndefined();
  });
});
