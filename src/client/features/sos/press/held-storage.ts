import { del, get, set, type UseStore } from 'idb-keyval';
import { ALERT_END, ALERT_PRACTICE, ALERT_START } from '#shared/alert-status.ts';
import { decrypt, encrypt } from '#shared/browser/aes-gcm.ts';
import { createDurableStore } from '#shared/browser/durable-store.ts';
import { SOS_PAGE_QUEUE_DB } from '#shared/constants.ts';
import { isNumber, isRecord, isString, oneOf, readObject, type Shape } from '#shared/plain-data.ts';
import type { ActiveButtonBody } from './put-active-button.ts';

// The SOS requests this page holds because no service worker took them (see
// page-queue.ts), kept encrypted with the device key so a closed page or a
// reload does not lose them. Their own database: clearing app state keeps them.

export interface HeldSos {
  key: string;
  body: ActiveButtonBody;
  userId: string;
  queuedAt: number;
}

// Read with src/shared/plain-data.ts, as all of home's first frame reads.
const bodyShape: Shape<ActiveButtonBody> = {
  alert_status: oneOf([ALERT_START, ALERT_END, ALERT_PRACTICE]),
  latitude: isString,
  longitude: isString,
  accuracy: (value): value is number | undefined => value === undefined || isNumber(value),
  timezone: isString,
  pressed_at: isString,
  pin: (value): value is string | undefined => value === undefined || isString(value),
};

function readHeldSos(value: unknown): HeldSos | undefined {
  if (!isRecord(value)) return undefined;
  const { key, userId, queuedAt } = value;
  const body = readObject(bodyShape, value.body);
  return body && isString(key) && isString(userId) && isNumber(queuedAt) ? { key, body, userId, queuedAt } : undefined;
}

const ROW = 'held';
let store: UseStore | undefined;

// Made on first use, like the app's other stores (src/shared/browser/idb-stores.ts), and
// written durably: the alert screen says 'Guardado en este teléfono' once a write resolves.
function getStore(): UseStore {
  store ??= createDurableStore(SOS_PAGE_QUEUE_DB, 'requests');
  return store;
}

/** Oldest first; unreadable data (another device key, another shape) reads as nothing. */
export async function readHeld(): Promise<HeldSos[]> {
  const sealed = await get<unknown>(ROW, getStore());
  if (!ArrayBuffer.isView(sealed)) return [];
  try {
    const text = await decrypt(Uint8Array.from(new Uint8Array(sealed.buffer, sealed.byteOffset, sealed.byteLength)));
    const stored: unknown = JSON.parse(text);
    const held = Array.isArray(stored) ? stored.map(readHeldSos) : [];
    return held.every((item) => item !== undefined) ? held : [];
  } catch {
    return [];
  }
}

export async function writeHeld(held: readonly HeldSos[]): Promise<void> {
  if (held.length === 0) await del(ROW, getStore());
  else await set(ROW, await encrypt(JSON.stringify(held)), getStore());
}
