import { promisifyRequest, type UseStore } from 'idb-keyval';

/**
 * Chromium commits IndexedDB writes with 'relaxed' durability unless asked: the transaction
 * completes before the data is on disk, and a browser killed (or a phone whose battery dies)
 * right then loses a write the app already reported as done. Every write of these stores is
 * opened with 'strict' durability instead, so idb-keyval's set/del/clear resolve (on the
 * transaction's complete event) only once the data is on disk. They are small and rare: an SOS,
 * a session, the device key, a check-in.
 */
const STRICT: IDBTransactionOptions = { durability: 'strict' };

/**
 * idb-keyval's createStore (6.x, node_modules/idb-keyval/dist/index.js), with strict writes: its
 * own opens every transaction without options, so the durability cannot be added from outside.
 * Opened on first use and reopened after the browser closes the connection, as the original does.
 */
export function createDurableStore(dbName: string, storeName: string): UseStore {
  let connection: Promise<IDBDatabase> | undefined;
  const open = (): Promise<IDBDatabase> => {
    if (connection) return connection;
    const request = indexedDB.open(dbName);
    request.onupgradeneeded = () => request.result.createObjectStore(storeName);
    const opened = promisifyRequest(request);
    connection = opened;
    opened.then(
      (db) => {
        // Safari closes connections now and then; the next call opens a fresh one.
        db.onclose = () => (connection = undefined);
      },
      () => (connection = undefined),
    );
    return opened;
  };
  return (mode, callback) =>
    open().then((db) =>
      callback(db.transaction(storeName, mode, mode === 'readwrite' ? STRICT : undefined).objectStore(storeName)),
    );
}
