import { randomBytes } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webpush from 'web-push';

/** The server's VAPID identity: push services accept our messages only when signed with it. */
export type VapidKeys = { publicKey: string; privateKey: string };

/** base64url of a P-256 point (65 bytes) and of a private scalar (32 bytes). */
const PUBLIC_KEY = /^[A-Za-z0-9_-]{87}$/;
const PRIVATE_KEY = /^[A-Za-z0-9_-]{43}$/;

export function isVapidKeys(value: unknown): value is VapidKeys {
  const keys = value as Partial<VapidKeys> | null;
  return (
    typeof keys?.publicKey === 'string' &&
    PUBLIC_KEY.test(keys.publicKey) &&
    typeof keys.privateKey === 'string' &&
    PRIVATE_KEY.test(keys.privateKey)
  );
}

/**
 * The VAPID key pair, generated once into DATA_DIR/vapid.json. A new pair
 * would orphan every phone's subscription (it is bound to the public key), so
 * it is kept like the secret: 0600, written whole to a temporary file and then
 * linked into place, so an instance starting at the same moment never reads
 * it half-written and never replaces a pair another instance put there.
 */
export function loadOrCreateVapidKeys(dataDir: string): VapidKeys {
  const file = path.join(dataDir, 'vapid.json');
  const existing = readKeysFile(file);
  if (existing !== undefined) return existing;
  mkdirSync(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(keys)}\n`, {
    mode: 0o600,
    flag: 'wx',
    flush: true,
  });
  try {
    linkSync(temporary, file);
    return keys;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readKeysFile(file) ?? keys;
  } finally {
    unlinkSync(temporary);
  }
}

function readKeysFile(file: string): VapidKeys | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  if (!isVapidKeys(parsed)) throw new VapidFileError(file);
  return { publicKey: parsed.publicKey, privateKey: parsed.privateKey };
}

/** A damaged key file is the operator's to look at: replacing it would silently cut every phone off. */
export class VapidFileError extends Error {
  override name = 'VapidFileError';
  constructor(file: string) {
    super(
      `Las claves VAPID de ${file} no son válidas: restaura el archivo o bórralo para generar otras (los teléfonos tendrán que activar los avisos de nuevo)`,
    );
  }
}
