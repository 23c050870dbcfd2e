import { createStore, entries } from 'idb-keyval';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { encryptedAsyncStorage } from '#shared/browser/encrypted-storage.ts';
import { QUERY_STORE_KEY } from '#shared/constants.ts';
import { contactsQueryOptions } from '#client/api/contacts.ts';
import { profileQueryOptions } from '#client/api/profile.ts';
import { clearQueryCache, createQueryClient, restoreQueryCache } from '#client/lib/query-client.ts';
import { aContact } from '../support/contacts.ts';

/** The stored cache as someone reading the disk would see it. */
async function rawStoredText(): Promise<string> {
  const rows = await entries(createStore('sos-state', 'state'));
  const row = rows.find(([key]) => key === QUERY_STORE_KEY);
  return row ? new TextDecoder('latin1').decode(row[1] as Uint8Array) : '';
}

/** The stored cache as the app reads it back (decrypted). */
async function storedCache(): Promise<string> {
  return (await encryptedAsyncStorage.getItem(QUERY_STORE_KEY)) ?? '';
}

const stops: Array<() => void> = [];

afterEach(async () => {
  for (const stop of stops.splice(0)) stop();
  await encryptedAsyncStorage.removeItem(QUERY_STORE_KEY);
});

describe('the query cache on disk', () => {
  it('brings the contacts back in a new app start, encrypted on disk, and keeps nothing else', async () => {
    const before = createQueryClient();
    stops.push(await restoreQueryCache(before));
    before.setQueryData(contactsQueryOptions().queryKey, [aContact({ email: 'secreto@example.com' })]);
    before.setQueryData(profileQueryOptions().queryKey, {
      id: 'u1',
      email: 'ana@example.com',
      firstname: 'Ana',
      lastname: 'López',
      phone: '+13055550123',
    });
    before.setQueryData(['something-else'], 'solo en memoria');
    await vi.waitFor(async () => {
      const stored = await storedCache();
      expect(stored).toContain('secreto@example.com');
      expect(stored).toContain('ana@example.com');
    });

    const raw = await rawStoredText();
    expect(raw.length).toBeGreaterThan(0);
    expect(raw).not.toContain('secreto@example.com');
    expect(raw).not.toContain('Luis');
    expect(raw).not.toContain('ana@example.com');
    expect(await storedCache()).not.toContain('solo en memoria');

    const after = createQueryClient();
    stops.push(await restoreQueryCache(after));
    expect(after.getQueryData(contactsQueryOptions().queryKey)).toEqual([aContact({ email: 'secreto@example.com' })]);
    expect(after.getQueryData(profileQueryOptions().queryKey)).toMatchObject({ email: 'ana@example.com' });
    expect(after.getQueryData(['something-else'])).toBeUndefined();
  });

  it('forgets the cached contacts, in memory and on disk, when the session ends', async () => {
    const queryClient = createQueryClient();
    stops.push(await restoreQueryCache(queryClient));
    queryClient.setQueryData(contactsQueryOptions().queryKey, [aContact()]);
    await vi.waitFor(async () => expect(await storedCache()).toContain('luis@example.com'));

    await clearQueryCache(queryClient);
    expect(queryClient.getQueryData(contactsQueryOptions().queryKey)).toBeUndefined();
    // The save of the now-empty cache may land after the removal; either way no contact is left.
    await vi.waitFor(async () => expect(await storedCache()).not.toContain('luis@example.com'));
    const restored = createQueryClient();
    await restoreQueryCache(restored).then((stop) => stops.push(stop));
    expect(restored.getQueryData(contactsQueryOptions().queryKey)).toBeUndefined();
  });

  it('puts each answer on disk as soon as the write before it has ended, with no timer to wait for: a phone closed right after reopens with it', async () => {
    const queryClient = createQueryClient();
    stops.push(await restoreQueryCache(queryClient));
    queryClient.setQueryData(contactsQueryOptions().queryKey, [aContact({ email: 'antes@example.com' })]);
    await vi.waitFor(async () => expect(await storedCache()).toContain('antes@example.com'));

    // From here no timer fires, as on a page closed before any would: only the writes themselves run.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let stored = '';
    try {
      queryClient.setQueryData(contactsQueryOptions().queryKey, [aContact({ email: 'ahora@example.com' })]);
      // Each read of the store is a round trip through IndexedDB, as long as the write it waits behind.
      for (let read = 0; read < 20 && !stored.includes('ahora@example.com'); read++) stored = await storedCache();
    } finally {
      vi.useRealTimers();
    }
    expect(stored).toContain('ahora@example.com');

    const reopened = createQueryClient();
    stops.push(await restoreQueryCache(reopened));
    expect(reopened.getQueryData(contactsQueryOptions().queryKey)).toEqual([aContact({ email: 'ahora@example.com' })]);
  });

  it('does not keep a contacts request that is still waiting for the network', async () => {
    const queryClient = createQueryClient();
    stops.push(await restoreQueryCache(queryClient));
    void queryClient.prefetchQuery({
      queryKey: contactsQueryOptions().queryKey,
      queryFn: () => new Promise<never>(() => undefined),
    });
    queryClient.setQueryData(profileQueryOptions().queryKey, {
      id: 'u1',
      email: 'ana@example.com',
      firstname: 'Ana',
      lastname: 'López',
      phone: '+1',
    });
    await vi.waitFor(async () => expect(await storedCache()).toContain('ana@example.com'));
    expect(JSON.parse(await storedCache()).clientState.queries).toHaveLength(1);
  });
});
