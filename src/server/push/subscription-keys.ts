import { ECDH } from 'node:crypto';

/**
 * Whether a phone's subscription keys can encrypt a notification: `p256dh` an
 * uncompressed P-256 point that lies on the curve (65 bytes), `auth` a 16-byte
 * secret. Checked when a phone subscribes, and again before each send for rows
 * stored earlier, because web-push throws on a bad point and no retry can cure it.
 */
export function hasUsableKeys(keys: { p256dh: string; auth: string }): boolean {
  const point = Buffer.from(keys.p256dh, 'base64url');
  if (point.length !== 65 || point[0] !== 0x04 || Buffer.from(keys.auth, 'base64url').length !== 16) return false;
  try {
    ECDH.convertKey(point, 'prime256v1');
    return true;
  } catch {
    return false;
  }
}
