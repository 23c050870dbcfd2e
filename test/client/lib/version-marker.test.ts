import { createStore, get, set } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { createEncryptedStorage } from '#shared/browser/encrypted-storage.ts';
import { QUERY_STORE_KEY, SESSION_STORE_KEY } from '#shared/constants.ts';
import { applyVersionMarker } from '#client/lib/version-marker.ts';

describe('version marker', () => {
  it('clears the state of another app version but keeps queued SOS requests', async () => {
    localStorage.setItem('sos_version', 'sos-v7');
    localStorage.setItem('old-thing', 'x');
    await createEncryptedStorage(SESSION_STORE_KEY).write('{"auth":{}}');
    await createEncryptedStorage(QUERY_STORE_KEY).write('{}');
    const queue = createStore('workbox-background-sync', 'requests');
    await set('sos-1', { body: 'pending alert' }, queue);

    await applyVersionMarker();

    expect(localStorage.getItem('sos_version')).toBe('sos-v8');
    expect(localStorage.getItem('old-thing')).toBeNull();
    expect(await createEncryptedStorage(SESSION_STORE_KEY).read()).toBeUndefined();
    expect(await createEncryptedStorage(QUERY_STORE_KEY).read()).toBeUndefined();
    expect(await get('sos-1', queue)).toEqual({ body: 'pending alert' });
  });

  it('leaves the state alone when the marker matches', async () => {
    localStorage.setItem('sos_version', 'sos-v8');
    await createEncryptedStorage(SESSION_STORE_KEY).write('{"auth":{}}');
    await applyVersionMarker();
    expect(await createEncryptedStorage(SESSION_STORE_KEY).read()).toBe('{"auth":{}}');
  });
});
