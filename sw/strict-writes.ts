/**
 * Every IndexedDB write of this worker is committed with 'strict' durability: on disk before the
 * transaction completes. The page shows 'Guardado en este teléfono' and treats the 202 queued as
 * success once the worker's write completed; with Chromium's default ('relaxed'), a browser killed
 * or a battery dying right then could lose that SOS. Workbox's queue opens its own writes and asks
 * for 'relaxed' itself (workbox-background-sync's QueueDb.addEntry), so no store option reaches
 * it: the worker's realm opens every read-write transaction strict, whatever its libraries ask.
 * The writes are few (an SOS, a check-in call, a refreshed session, a rejected entry).
 * See docs/decisions/046-on-disk-before-saved.md.
 */
export function makeWritesStrict(database: Pick<typeof IDBDatabase, 'prototype'> = IDBDatabase): void {
  const proto = database.prototype;
  const open = proto.transaction;
  if ((open as { strict?: true }).strict) return;
  const strict = function (
    this: IDBDatabase,
    storeNames: string | string[],
    mode?: IDBTransactionMode,
    options?: IDBTransactionOptions,
  ): IDBTransaction {
    return open.call(this, storeNames, mode, mode === 'readwrite' ? { ...options, durability: 'strict' } : options);
  };
  proto.transaction = Object.assign(strict, { strict: true as const });
}
