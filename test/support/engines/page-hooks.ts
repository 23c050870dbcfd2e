import { SESSION_STORE_KEY } from '#shared/constants.ts';

// What the test proxy adds to the app for the journey, from the app's own origin
// (the CSP allows 'self'): an error trap in every page, for WebKit, whose driver
// reports no console; and, in the service worker, a message handler that answers
// what the worker reads from storage, since no driver can evaluate in a worker.

export const ERROR_TRAP_PATH = '/e2e/error-trap.js';
const READ_SESSION_MESSAGE = 'e2e-read-session';

/** Records console.error calls and uncaught errors in `window.__e2eErrors`. */
export const ERROR_TRAP_SOURCE = `(() => {
  if (window.__e2eErrors) return;
  const errors = (window.__e2eErrors = []);
  const original = console.error;
  console.error = function (...args) {
    errors.push('console.error: ' + args.map(String).join(' '));
    return original.apply(this, args);
  };
  addEventListener('error', (event) => errors.push('uncaught: ' + event.message));
  addEventListener('unhandledrejection', (event) => errors.push('unhandled rejection: ' + String(event.reason)));
})();`;

/** Page script body: the errors trapped so far, handed over once. */
export const TAKE_TRAPPED_ERRORS = 'return (window.__e2eErrors || []).splice(0);';

/**
 * Reads the persisted session the way the app does (the device key from
 * IndexedDB, AES-GCM, the IV before the ciphertext) with nothing but the platform,
 * so the same source runs in a page and in the worker.
 */
const READ_SESSION_SOURCE = `async function readSessionForTest() {
  const open = (name) => new Promise((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const get = (db, store, key) => new Promise((resolve, reject) => {
    if (!db.objectStoreNames.contains(store)) return resolve(undefined);
    const request = db.transaction(store).objectStore(store).get(key);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const keys = await open('sos-keys');
  const key = await get(keys, 'keys', 'device-key');
  keys.close();
  const state = await open('sos-state');
  const sealed = await get(state, 'state', ${JSON.stringify(SESSION_STORE_KEY)});
  state.close();
  if (!key || !ArrayBuffer.isView(sealed)) return null;
  const bytes = new Uint8Array(sealed.buffer, sealed.byteOffset, sealed.byteLength);
  const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: bytes.subarray(0, 12) }, key, bytes.subarray(12));
  return JSON.parse(new TextDecoder().decode(plain));
}`;

/** Appended to /build/sw.js by the test proxy. */
export const WORKER_HOOK_SOURCE = `
;(() => {
  ${READ_SESSION_SOURCE}
  const trap = ${JSON.stringify(ERROR_TRAP_SOURCE)};
  self.addEventListener('message', (event) => {
    if (!event.data || event.data.type !== ${JSON.stringify(READ_SESSION_MESSAGE)} || !event.ports[0]) return;
    const port = event.ports[0];
    event.waitUntil(readSessionForTest().then((session) => port.postMessage({ session }), (error) => port.postMessage({ error: String(error) })));
  });
  // The trap must load in a page opened with no network too.
  self.addEventListener('fetch', (event) => {
    if (new URL(event.request.url).pathname !== ${JSON.stringify(ERROR_TRAP_PATH)}) return;
    event.respondWith(new Response(trap, { headers: { 'Content-Type': 'text/javascript' } }));
  });
})();
`;

/** Page script body: the session as this page reads it, and as the worker that controls it reads it. */
export const READ_SESSION_IN_PAGE_AND_WORKER = `
  ${READ_SESSION_SOURCE}
  const page = await readSessionForTest();
  const worker = navigator.serviceWorker.controller;
  if (!worker) return { page, worker: { error: 'no worker controls the page' } };
  const channel = new MessageChannel();
  const answer = new Promise((resolve) => (channel.port1.onmessage = (event) => resolve(event.data)));
  worker.postMessage({ type: ${JSON.stringify(READ_SESSION_MESSAGE)} }, [channel.port2]);
  return { page, worker: await answer };
`;

/** Page script body: every key and value of localStorage and every IndexedDB record, as text. */
export const STORED_TEXT = `
  const texts = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    texts.push(key, localStorage.getItem(key) || '');
  }
  for (const { name } of await indexedDB.databases()) {
    if (!name) continue;
    const db = await new Promise((resolve, reject) => {
      const open = indexedDB.open(name);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    for (const storeName of Array.from(db.objectStoreNames)) {
      const [keys, values] = await Promise.all(['getAllKeys', 'getAll'].map((method) => new Promise((resolve) => {
        const request = db.transaction(storeName).objectStore(storeName)[method]();
        request.onsuccess = () => resolve(request.result);
        request.onerror = () => resolve([]);
      })));
      // Bytes as text: a queued request's body is bytes too, and must say nothing either.
      const bytes = (_key, value) => (value instanceof ArrayBuffer || ArrayBuffer.isView(value) ? new TextDecoder().decode(value) : value);
      texts.push(name + '/' + storeName, JSON.stringify(keys, bytes), JSON.stringify(values, bytes));
    }
    db.close();
  }
  return texts.join('\\n');
`;
