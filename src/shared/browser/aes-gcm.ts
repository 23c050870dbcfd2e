import { getDeviceKey } from './device-key.ts';

const IV_BYTES = 12;

/** Encrypts with a fresh random IV; the result is the IV followed by the ciphertext. */
export async function encryptBytes(plain: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES));
  const cipher = await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, await getDeviceKey(), plain);
  const out = new Uint8Array(IV_BYTES + cipher.byteLength);
  out.set(iv, 0);
  out.set(new Uint8Array(cipher), IV_BYTES);
  return out;
}

/** Throws when the data was not made with this device's key or was altered. */
export async function decryptBytes(sealed: Uint8Array<ArrayBuffer>): Promise<Uint8Array<ArrayBuffer>> {
  const iv = sealed.subarray(0, IV_BYTES);
  const cipher = sealed.subarray(IV_BYTES);
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv }, await getDeviceKey(), cipher);
  return new Uint8Array(plain);
}

export async function encrypt(text: string): Promise<Uint8Array<ArrayBuffer>> {
  return encryptBytes(new TextEncoder().encode(text));
}

export async function decrypt(sealed: Uint8Array<ArrayBuffer>): Promise<string> {
  return new TextDecoder().decode(await decryptBytes(sealed));
}
