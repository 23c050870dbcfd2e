import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// A PIN has only 10^4 values, so no hash makes a leaked row safe against a patient
// search; scrypt with a salt of its own per hash makes that search cost real work for
// every row, and no two people with the same PIN share a hash.
const PARAMS: ScryptOptions = { N: 16384, r: 8, p: 1 };
const KEY_BYTES = 32;
const PREFIX = 'scrypt1';

function derive(pin: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(pin, salt, KEY_BYTES, PARAMS, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

/** 'scrypt1$salt$key' in base64url. */
export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(pin, salt);
  return [PREFIX, salt.toString('base64url'), key.toString('base64url')].join('$');
}

/** Whether `pin` is the one `stored` was made from; false for a stored value of another shape. */
export async function pinMatches(pin: string, stored: string): Promise<boolean> {
  const [prefix, salt, key] = stored.split('$');
  if (prefix !== PREFIX || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await derive(pin, Buffer.from(salt, 'base64url'));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
