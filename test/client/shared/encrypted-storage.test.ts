import { createStore, entries } from 'idb-keyval';
import { describe, expect, it } from 'vitest';
import { createEncryptedStorage } from '#shared/browser/encrypted-storage.ts';
import { getDeviceKey } from '#shared/browser/device-key.ts';
import { SESSION_STORE_KEY } from '#shared/constants.ts';
import {
  persistSessionNow,
  resetAll,
  restoreSession,
  setAuth,
  getSessionState,
} from '#client/lib/session/session-store.ts';
import { aSession } from '../support/session.ts';

/** Everything in the app's IndexedDB as text, the way someone reading the disk would see it. */
async function rawStateText(): Promise<string> {
  const rows = await entries(createStore('sos-state', 'state'));
  return rows
    .map(([key, value]) => `${String(key)}=${new TextDecoder('latin1').decode(value as Uint8Array)}`)
    .join('\n');
}

describe('encrypted storage', () => {
  it('keeps the session unreadable on disk and reads it back', async () => {
    await restoreSession();
    setAuth(aSession({ email: 'secreto@example.com', access_token: 'token-que-no-se-ve' }));
    await persistSessionNow();

    const raw = await rawStateText();
    expect(raw).toContain(SESSION_STORE_KEY);
    expect(raw).not.toContain('secreto@example.com');
    expect(raw).not.toContain('token-que-no-se-ve');

    const stored = await createEncryptedStorage(SESSION_STORE_KEY).read();
    expect(JSON.parse(stored ?? '{}').auth.email).toBe('secreto@example.com');
    resetAll();
    await persistSessionNow();
  });

  it('uses a different random IV each time', async () => {
    const storage = createEncryptedStorage('persist:test');
    await storage.write('hola');
    const first = await rawStateText();
    await storage.write('hola');
    expect(await rawStateText()).not.toBe(first);
    expect(await storage.read()).toBe('hola');
    await storage.remove();
    expect(await storage.read()).toBeUndefined();
  });

  it('keeps a device key that cannot be exported', async () => {
    const key = await getDeviceKey();
    expect(key.extractable).toBe(false);
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow();
  });

  it('falls back to an empty session when the stored state is not ours', async () => {
    await createEncryptedStorage(SESSION_STORE_KEY).write('{"auth":{"access_token":42}');
    await restoreSession();
    expect(getSessionState().auth.access_token).toBe('');
  });
});
