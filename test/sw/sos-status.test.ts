import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  sosPageMessageSchema,
  sosQueuedReplySchema,
  sosWorkerMessageSchema,
  type RejectedSos,
} from '#shared/browser/sos-messages.ts';
import { createRejectedLog } from '#sw/rejected-log.ts';
import type { QueuedSos } from '#sw/sos-queue.ts';
import { sosStatus } from '#sw/sos-status.ts';

function entry(id: number, alertStatus: string, queuedAt: number): QueuedSos {
  return {
    id,
    idempotencyKey: `k-${id}`,
    alertStatus,
    userId: 'u1',
    queuedAt,
    request: new Request('http://localhost:3000/api/active-button', { method: 'PUT' }),
  };
}

function rejected(key: string, queuedAt = 1): RejectedSos {
  return {
    idempotencyKey: key,
    alert_status: '1',
    queuedAt,
    reason: 'invalid',
    status: 422,
    message: 'Datos inválidos',
    rejectedAt: 5,
  };
}

describe('the queue status the pages get', () => {
  it('counts what waits and says since when', () => {
    const status = sosStatus({
      entries: [entry(1, '1', 1_000), entry(2, '2', 2_000)],
      needsSignIn: true,
      replaying: false,
      rejected: [],
    });
    expect(status).toEqual({
      type: 'sos-queue',
      pending: 2,
      queued: [
        { idempotencyKey: 'k-1', alert_status: '1', queuedAt: 1_000 },
        { idempotencyKey: 'k-2', alert_status: '2', queuedAt: 2_000 },
      ],
      oldestQueuedAt: 1_000,
      needsSignIn: true,
      replaying: false,
      rejected: [],
    });
    expect(v.is(sosWorkerMessageSchema, status)).toBe(true);
  });

  it('says which request just reached the server', () => {
    const delivered = entry(1, '1', 1_000);
    const status = sosStatus({ entries: [], needsSignIn: false, replaying: true, rejected: [], delivered });
    expect(status).toMatchObject({
      pending: 0,
      oldestQueuedAt: null,
      delivered: { idempotencyKey: 'k-1', alert_status: '1' },
    });
    expect(v.is(sosWorkerMessageSchema, status)).toBe(true);
  });

  it('does not ask for sign-in when nothing waits', () => {
    expect(sosStatus({ entries: [], needsSignIn: true, replaying: false, rejected: [] }).needsSignIn).toBe(false);
  });

  it('lists a rejected request once, not also as pending', () => {
    const status = sosStatus({
      entries: [entry(1, '1', 1_000)],
      needsSignIn: false,
      replaying: true,
      rejected: [rejected('k-1')],
    });
    expect(status.pending).toBe(0);
    expect(status.rejected).toHaveLength(1);
  });
});

describe('the messages between page and worker', () => {
  it.each([{ type: 'sos-replay' }, { type: 'sos-status' }, { type: 'sos-ack-rejected', idempotencyKeys: ['k-1'] }])(
    'the worker understands %o',
    (message) => {
      expect(v.is(sosPageMessageSchema, message)).toBe(true);
    },
  );

  it.each([{ type: 'SKIP_WAITING' }, { type: 'sos-ack-rejected' }, null, 'sos-replay'])(
    'the worker ignores %o',
    (message) => {
      expect(v.is(sosPageMessageSchema, message)).toBe(false);
    },
  );

  it('the page can tell the queued answer from a server answer', () => {
    expect(
      v.is(sosQueuedReplySchema, {
        success: true,
        queued: true,
        message: 'Tu alerta se enviará en cuanto haya conexión.',
      }),
    ).toBe(true);
    expect(v.is(sosQueuedReplySchema, { success: true, message: 'Alerta registrada' })).toBe(false);
  });

  it('the page recognises a session refreshed by the worker', () => {
    expect(v.is(sosWorkerMessageSchema, { type: 'sos-session-updated' })).toBe(true);
  });
});

describe('rejected requests the pages have not seen yet', () => {
  it('are kept in IndexedDB, oldest first, until a page acknowledges them', async () => {
    const log = createRejectedLog();
    await log.add(rejected('later', 20));
    await log.add(rejected('earlier', 10));

    expect((await createRejectedLog().list()).map((row) => row.idempotencyKey)).toEqual(['earlier', 'later']);

    await log.forget(['earlier', 'later']);
    expect(await log.list()).toEqual([]);
  });
});
