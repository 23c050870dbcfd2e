import { createStore, del, get, set, type UseStore } from 'idb-keyval';
import * as v from 'valibot';
import { ALERT_END, ALERT_START } from '#shared/api/active-button.ts';
import { decrypt, encrypt } from '#shared/browser/aes-gcm.ts';
import { SOS_PAGE_QUEUE_DB } from '#shared/constants.ts';

// The SOS requests this page holds because no service worker took them (see
// page-queue.ts), kept encrypted with the device key so a closed page or a
// reload does not lose them. Their own database: clearing app state keeps them.

const heldSosSchema = v.object({
  key: v.string(),
  body: v.object({
    alert_status: v.picklist([ALERT_START, ALERT_END]),
    latitude: v.string(),
    longitude: v.string(),
    timezone: v.string(),
    pressed_at: v.string(),
  }),
  userId: v.string(),
  queuedAt: v.number(),
});
export type HeldSos = v.InferOutput<typeof heldSosSchema>;

const ROW = 'held';
let store: UseStore | undefined;

// Made on first use, like the app's other stores (src/shared/browser/idb-stores.ts).
function getStore(): UseStore {
  store ??= createStore(SOS_PAGE_QUEUE_DB, 'requests');
  return store;
}

/** Oldest first; unreadable data (another device key, another shape) reads as nothing. */
export async function readHeld(): Promise<HeldSos[]> {
  const sealed = await get<unknown>(ROW, getStore());
  if (!ArrayBuffer.isView(sealed)) return [];
  try {
    const text = await decrypt(Uint8Array.from(new Uint8Array(sealed.buffer, sealed.byteOffset, sealed.byteLength)));
    const parsed = v.safeParse(v.array(heldSosSchema), JSON.parse(text));
    return parsed.success ? parsed.output : [];
  } catch {
    return [];
  }
}

export async function writeHeld(held: readonly HeldSos[]): Promise<void> {
  if (held.length === 0) await del(ROW, getStore());
  else await set(ROW, await encrypt(JSON.stringify(held)), getStore());
}
