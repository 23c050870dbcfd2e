import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import * as v from 'valibot';
import { detentionInfoSchema, type DetentionInfo } from '#shared/api/detention-info.ts';

// 'Si me detienen' is kept as AES-256-GCM under a key of its own, derived from
// SECRET with HKDF and this purpose label: a key for nothing else. A fresh IV on
// every write; the tag makes a tampered box unreadable instead of wrong.

const LABEL = 'boton-panico/detention-info/v1';
const keys = new Map<string, Buffer>();

function keyOf(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), LABEL, 32));
    keys.set(secret, key);
  }
  return key;
}

/** 'v1.' then iv.tag.ciphertext in base64url. */
export function sealDetentionInfo(secret: string, info: DetentionInfo): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(info), 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The information in a box; undefined when SECRET changed or the box is not one of ours. */
export function openDetentionInfo(secret: string, sealed: string): DetentionInfo | undefined {
  const [version, ...parts] = sealed.split('.');
  const [iv, tag, body] = parts.map((part) => Buffer.from(part, 'base64url'));
  if (version !== 'v1' || !iv || !tag || !body || iv.length !== 12 || tag.length !== 16) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), iv);
    decipher.setAuthTag(tag);
    const json: unknown = JSON.parse(Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8'));
    const parsed = v.safeParse(detentionInfoSchema, json);
    return parsed.success ? parsed.output : undefined;
  } catch {
    return undefined;
  }
}
