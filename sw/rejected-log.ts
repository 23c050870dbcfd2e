import { delMany, set, values, type UseStore } from 'idb-keyval';
import { SOS_OUTCOME_DB } from '#shared/constants.ts';
import { createDurableStore } from '#shared/browser/durable-store.ts';
import { rejectedSosSchema, type RejectedSos } from '#shared/browser/sos-messages.ts';
import * as v from 'valibot';

/**
 * SOS requests the worker gave up on (refused body, or 7 days unsent), kept in
 * IndexedDB until a page says it showed them. A rejection during a Background
 * Sync with no page open is still told the next time a page asks.
 */
export interface RejectedLog {
  add(entry: RejectedSos): Promise<void>;
  /** Oldest first. */
  list(): Promise<RejectedSos[]>;
  forget(idempotencyKeys: string[]): Promise<void>;
}

let store: UseStore | undefined;

// Made on first use, like the app's own stores (src/shared/browser/idb-stores.ts).
function getStore(): UseStore {
  store ??= createDurableStore(SOS_OUTCOME_DB, 'rejected');
  return store;
}

export function createRejectedLog(): RejectedLog {
  return {
    async add(entry) {
      await set(entry.idempotencyKey, entry, getStore());
    },
    async list() {
      const rows = await values(getStore());
      return rows
        .flatMap((row) => {
          const parsed = v.safeParse(rejectedSosSchema, row);
          return parsed.success ? [parsed.output] : [];
        })
        .sort((a, b) => a.queuedAt - b.queuedAt);
    },
    async forget(idempotencyKeys) {
      await delMany(idempotencyKeys, getStore());
    },
  };
}
