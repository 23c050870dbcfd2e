import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPool, tolerateLostConnections } from '#server/db/client.ts';
import { createOutboxWorker, type OutboxWorker } from '#server/mail/outbox-worker.ts';
import { renderStoredMail } from '#server/messages/render-message.ts';
import { captureLog } from '#test/support/capture-log.ts';
import { startListenRefusingProxy, type ListenRefusingProxy } from '#test/support/listen-refusing-proxy.ts';
import { createTestApp, type TestApp } from '#test/support/test-app.ts';

// The outbox LISTENs on a connection of its own, and reconnects every poll when it drops. A
// database that takes the connection but refuses LISTEN (a standby after a failover) must cost one
// attempt's connection at a time, not one more each poll until the server has none left; and the
// e-mails keep leaving by polling meanwhile.

describe("the outbox's LISTEN connection", () => {
  let app: TestApp;
  let proxy: ListenRefusingProxy;
  let pool: pg.Pool;
  let worker: OutboxWorker;
  beforeAll(async () => {
    app = await createTestApp();
    proxy = await startListenRefusingProxy(app.database.url);
    pool = createPool(proxy.url, 4);
    tolerateLostConnections(pool);
    worker = createOutboxWorker({
      pool,
      transport: app.transport,
      clock: app.clock,
      log: captureLog(),
      render: renderStoredMail(app.config),
      pollMs: 50,
    });
  });
  afterAll(async () => {
    await worker.stop();
    await pool.end();
    await proxy.close();
    await app.close();
  });

  it('ends each connection whose LISTEN is refused, keeps sending by polling, and listens once again when it can', async () => {
    await worker.start();
    expect(proxy.counts()).toEqual({ refused: 0, openAfterListen: 1 });

    proxy.refuseListen(true);
    proxy.dropListeners();
    await expect.poll(() => proxy.counts().refused, { timeout: 10_000 }).toBeGreaterThanOrEqual(8);
    // Only the attempt in hand may be open: none before it is left behind.
    await expect.poll(() => proxy.counts().openAfterListen).toBeLessThanOrEqual(1);

    await app.post('signin', { email: 'sin-escucha@example.com' });
    await expect
      .poll(async () => (await app.inbox()).map((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text))
      .toEqual(['sin-escucha@example.com']);

    proxy.refuseListen(false);
    const refused = proxy.counts().refused;
    await expect.poll(() => proxy.counts()).toEqual({ refused, openAfterListen: 1 });
    await worker.stop();
    await expect.poll(() => proxy.counts()).toEqual({ refused, openAfterListen: 0 });
  });
});
