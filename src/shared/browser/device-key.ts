import { get, set } from 'idb-keyval';
import { getKeyStore } from './idb-stores.ts';

const KEY_NAME = 'device-key';

let pending: Promise<CryptoKey> | undefined;

/**
 * The per-device AES-GCM key. It is generated non-extractable and stored as a
 * CryptoKey object in IndexedDB, so neither the bundle nor the storage ever holds
 * its bytes; the page and the service worker both use it.
 */
export function getDeviceKey(): Promise<CryptoKey> {
  pending ??= loadOrCreate().catch((error: unknown) => {
    pending = undefined;
    throw error;
  });
  return pending;
}

async function loadOrCreate(): Promise<CryptoKey> {
  const existing = await get<CryptoKey>(KEY_NAME, getKeyStore());
  if (existing) return existing;
  const key = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
  await set(KEY_NAME, key, getKeyStore());
  // Another tab or the worker may have stored its key first: everyone uses the stored one.
  return (await get<CryptoKey>(KEY_NAME, getKeyStore())) ?? key;
}
