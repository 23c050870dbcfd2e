import { createHmac, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// A PIN has only 10^4 values, so no hash alone makes a leaked row safe against a
// patient search. Each PIN is first keyed with the server's SECRET (HMAC), which
// never sits in the database: a copy of the table without it cannot be searched
// at all. scrypt with a salt of its own per hash then makes the search cost real
// work even for whoever holds both, and no two people with the same PIN share a hash.
const PARAMS: ScryptOptions = { N: 16384, r: 8, p: 1 };
const KEY_BYTES = 32;
const KEYED = 'scrypt2';
/** Hashes made before PINs were keyed: scrypt of the bare PIN. Still read, never written. */
const UNKEYED = 'scrypt1';

function derive(input: string | Buffer, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(input, salt, KEY_BYTES, PARAMS, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

const keyed = (secret: string, pin: string) => createHmac('sha256', secret).update(`pin\0${pin}`).digest();

/** 'scrypt2$salt$key' in base64url. */
export async function hashPin(secret: string, pin: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(keyed(secret, pin), salt);
  return [KEYED, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `pin` is the one `stored` was made from; false for a stored value of another shape. */
export async function pinMatches(secret: string, pin: string, stored: string): Promise<boolean> {
  const [prefix, salt, key] = stored.split('$');
  if ((prefix !== KEYED && prefix !== UNKEYED) || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(prefix === KEYED ? keyed(secret, pin) : pin, Buffer.from(salt, 'base64url'));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** Whether `stored` was made before PINs were keyed (its pair keeps the old order, see pin-slots.ts). */
export const isUnkeyed = (stored: string) => stored.startsWith(`${UNKEYED}$`);
