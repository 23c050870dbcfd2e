import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { del, get, set } from 'idb-keyval';
import { createDurableStore } from '#shared/browser/durable-store.ts';
import { makeWritesStrict } from '#sw/strict-writes.ts';
import { queueableRequest, readSosRequest } from '#sw/sos-request.ts';
import { freshSosQueue, installRegistration } from './support/workbox-env.ts';
import { sosCall } from './support/sos-requests.ts';

// What the phone reports as kept must be on disk when it says so: every write of the app's stores,
// and every write of the service worker (Workbox's queue asks for 'relaxed' itself), is strict.

const original = IDBDatabase.prototype.transaction;
let opened: Array<{ mode: string | undefined; durability: string }>;

beforeEach(() => {
  opened = [];
  // Records what each transaction was opened as, below any wrapper.
  IDBDatabase.prototype.transaction = function (this: IDBDatabase, ...args: Parameters<IDBDatabase['transaction']>) {
    const transaction = original.apply(this, args);
    opened.push({ mode: args[1], durability: transaction.durability });
    return transaction;
  };
});

afterEach(() => {
  IDBDatabase.prototype.transaction = original;
});

const writes = () => opened.filter((transaction) => transaction.mode === 'readwrite');

describe('the app stores (pages and worker)', () => {
  it('write strictly and read as before', async () => {
    const store = createDurableStore('durable-test', 'rows');
    await set('sos', 'guardado', store);
    expect(await get('sos', store)).toBe('guardado');
    await del('sos', store);
    expect(await get('sos', store)).toBeUndefined();
    expect(writes().map((write) => write.durability)).toEqual(['strict', 'strict']);
    expect(opened.filter((transaction) => transaction.mode === 'readonly').length).toBe(2);
  });
});

describe('the service worker', () => {
  it("queues an SOS with a strict write, although Workbox's queue asks for a relaxed one", async () => {
    installRegistration();
    makeWritesStrict();
    const queue = await freshSosQueue();
    opened = [];
    const sos = await readSosRequest(sosCall('1', { key: 'k-strict' }), () => 'unused');
    await queue.push(queueableRequest(sos), { idempotencyKey: 'k-strict', alertStatus: '1', userId: 'u1' });
    expect((await queue.list()).map((entry) => entry.idempotencyKey)).toEqual(['k-strict']);
    expect(writes().length).toBeGreaterThan(0);
    expect(writes().every((write) => write.durability === 'strict')).toBe(true);
    // Reads are left as they were.
    expect(opened.some((transaction) => transaction.mode !== 'readwrite' && transaction.durability === 'default')).toBe(
      true,
    );
  });

  it('wraps only once, however often it is called', () => {
    makeWritesStrict();
    const wrapped = IDBDatabase.prototype.transaction;
    makeWritesStrict();
    expect(IDBDatabase.prototype.transaction).toBe(wrapped);
  });
});
