import { del, get, set } from 'idb-keyval';
import { decrypt, encrypt } from './aes-gcm.ts';
import { getStateStore } from './idb-stores.ts';

/**
 * A string kept encrypted in IndexedDB. Works in pages and in the service worker
 * (no DOM, no localStorage). Unreadable data (another device key, tampering)
 * reads as missing, so callers fall back to their defaults.
 */
export interface EncryptedStorage {
  read(): Promise<string | undefined>;
  write(value: string): Promise<void>;
  remove(): Promise<void>;
}

export function createEncryptedStorage(key: string): EncryptedStorage {
  return {
    async read() {
      const sealed = await get<unknown>(key, getStateStore());
      // isView rather than instanceof: the value may come from another realm's structured clone.
      if (!ArrayBuffer.isView(sealed)) return undefined;
      try {
        return await decrypt(Uint8Array.from(new Uint8Array(sealed.buffer, sealed.byteOffset, sealed.byteLength)));
      } catch {
        return undefined;
      }
    },
    async write(value) {
      await set(key, await encrypt(value), getStateStore());
    },
    async remove() {
      await del(key, getStateStore());
    },
  };
}

/**
 * The AsyncStorage shape TanStack Query's async persister expects, over the same
 * encrypted store.
 */
export const encryptedAsyncStorage = {
  getItem: (key: string) =>
    createEncryptedStorage(key)
      .read()
      .then((value) => value ?? null),
  setItem: (key: string, value: string) => createEncryptedStorage(key).write(value),
  removeItem: (key: string) => createEncryptedStorage(key).remove(),
};
