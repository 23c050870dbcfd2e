import { afterEach, describe, expect, it, vi } from 'vitest';
import { createSosHandler } from '#sw/sos-route.ts';
import type { SosQueue } from '#sw/sos-queue.ts';
import { fakeServer, json, ok, type Answer, type Sent } from './support/fake-server.ts';
import { enqueue, queuedKeys } from './support/replay-harness.ts';
import { sosCall } from './support/sos-requests.ts';
import { freshSosQueue, installRegistration, rawQueueRows } from './support/workbox-env.ts';

function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** Real macrotask turns (fake-indexeddb runs on setImmediate): whatever can happen without the clock moving has happened. */
async function settle() {
  for (let i = 0; i < 50; i += 1) await new Promise((resolve) => setImmediate(resolve));
}

async function routeHarness(answer: (sent: Sent) => Answer | Promise<Answer>, queueOverride?: SosQueue) {
  installRegistration();
  const queue = queueOverride ?? (await freshSosQueue());
  const server = fakeServer(answer);
  const replay = vi.fn(async () => {});
  const onQueued = vi.fn(async () => {});
  const extended: Array<Promise<unknown>> = [];
  const handle = createSosHandler({
    queue,
    fetch: server.send,
    currentUserId: async () => 'u1',
    makeKey: () => 'generated-key',
    timeoutMs: 3_000,
    replay,
    onQueued,
  });
  const call = (request: Request) => handle(request, (promise) => void extended.push(promise));
  return { queue, server, replay, onQueued, extended, call };
}

async function expectQueuedReply(reply: Response) {
  expect(reply.status).toBe(202);
  expect(await reply.json()).toMatchObject({ success: true, queued: true });
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the SOS call through the worker, with an empty queue', () => {
  it('passes a prompt answer from the server through to the page', async () => {
    const { server, queue, call } = await routeHarness(() => json(200, { success: true, message: 'Alerta activada' }));

    const reply = await call(sosCall('1', { key: 'k-1', token: 'access-1' }));

    expect(reply.status).toBe(200);
    expect(await reply.json()).toEqual({ success: true, message: 'Alerta activada' });
    expect(server.sent).toEqual([
      expect.objectContaining({
        method: 'PUT',
        idempotencyKey: 'k-1',
        authorization: 'Bearer access-1',
        body: expect.objectContaining({ alert_status: '1' }),
      }),
    ]);
    expect(await queuedKeys(queue)).toEqual([]);
  });

  it.each([401, 409, 422, 404])('passes a %s through for the page to handle', async (status) => {
    const { queue, call } = await routeHarness(() => json(status, { success: false, message: 'x' }));
    const reply = await call(sosCall('1'));
    expect(reply.status).toBe(status);
    expect(await queuedKeys(queue)).toEqual([]);
  });

  it.each<[string, Answer]>([
    ['the network is down', 'network-error'],
    ['the server fails', json(500, { success: false })],
    ['the server is unavailable', json(503, { success: false })],
    ['the server is overloaded', json(429, { success: false })],
  ])('queues the request without its token and answers 202 queued when %s', async (_name, answer) => {
    const { queue, onQueued, call } = await routeHarness(() => answer);

    await expectQueuedReply(await call(sosCall('1', { key: 'k-1', token: 'secret-token' })));

    const [entry] = await queue.list();
    expect(entry).toMatchObject({ idempotencyKey: 'k-1', alertStatus: '1', userId: 'u1' });
    expect(entry!.request.headers.get('Authorization')).toBeNull();
    expect(JSON.stringify(await rawQueueRows())).not.toContain('secret-token');
    expect(onQueued).toHaveBeenCalled();
  });

  it('queues and answers 202 when the server has not answered within 3 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const reached = deferred();
    const serverAnswers = deferred<Response>();
    const { queue, replay, extended, call } = await routeHarness(() => {
      reached.resolve();
      return serverAnswers.promise;
    });

    let answered = false;
    const pending = call(sosCall('1', { key: 'slow' })).then((reply) => {
      answered = true;
      return reply;
    });
    await reached.promise;
    await vi.advanceTimersByTimeAsync(2_999);
    await settle();
    expect(answered).toBe(false);
    expect(await queuedKeys(queue)).toEqual([]);

    await vi.advanceTimersByTimeAsync(1);
    await expectQueuedReply(await pending);
    expect(await queuedKeys(queue)).toEqual(['slow']);

    // The late answer is harmless (same idempotency key) and starts a replay.
    expect(replay).not.toHaveBeenCalled();
    serverAnswers.resolve(ok());
    await Promise.all(extended);
    expect(replay).toHaveBeenCalledTimes(1);
  });

  it('passes through an answer that comes just inside the 3 seconds', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { queue, call } = await routeHarness(
      () =>
        new Promise<Response>((resolve) =>
          setTimeout(() => resolve(json(200, { success: true, message: 'ok' })), 2_999),
        ),
    );

    const pending = call(sosCall('1'));
    await settle();
    await vi.advanceTimersByTimeAsync(2_999);
    const reply = await pending;

    expect(reply.status).toBe(200);
    expect(await queuedKeys(queue)).toEqual([]);
  });
});

describe('the SOS call through the worker, with requests already queued', () => {
  it('goes to the back of the queue without touching the network, and starts a replay', async () => {
    const { queue, server, replay, call } = await routeHarness(() => ok());
    await enqueue(queue, sosCall('1', { key: 'start' }));

    await expectQueuedReply(await call(sosCall('2', { key: 'end', method: 'PATCH' })));

    expect(server.sent).toEqual([]);
    expect(await queuedKeys(queue)).toEqual(['start', 'end']);
    expect((await queue.list())[1]!.request.method).toBe('PATCH');
    expect(replay).toHaveBeenCalledTimes(1);
  });
});

describe('the end of an alert pressed while its start is still on the wire', () => {
  it('is queued behind the start when the start times out', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const reached = deferred();
    const { queue, server, call } = await routeHarness((sent) => {
      reached.resolve();
      return sent.body.alert_status === '1' ? new Promise<Response>(() => {}) : ok();
    });

    const start = call(sosCall('1', { key: 'start' }));
    await reached.promise;
    await vi.advanceTimersByTimeAsync(1_000);
    const end = call(sosCall('2', { key: 'end' }));
    await vi.advanceTimersByTimeAsync(2_000);

    await expectQueuedReply(await start);
    await expectQueuedReply(await end);
    expect(server.sent.map((sent) => sent.idempotencyKey)).toEqual(['start']);
    expect(await queuedKeys(queue)).toEqual(['start', 'end']);
  });

  it('is sent only after the start was answered', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const log: string[] = [];
    const reached = deferred();
    const { call } = await routeHarness(async (sent) => {
      log.push(`sent ${sent.idempotencyKey}`);
      if (sent.idempotencyKey === 'start') {
        reached.resolve();
        await new Promise((resolve) => setTimeout(resolve, 1_000));
      }
      log.push(`answered ${sent.idempotencyKey}`);
      return ok();
    });

    const start = call(sosCall('1', { key: 'start' }));
    await reached.promise;
    const end = call(sosCall('2', { key: 'end' }));
    await settle();
    await vi.advanceTimersByTimeAsync(1_000);

    expect((await start).status).toBe(200);
    expect((await end).status).toBe(200);
    expect(log).toEqual(['sent start', 'answered start', 'sent end', 'answered end']);
  });
});

describe('when the request can be neither sent nor queued', () => {
  it('answers 503 so the page never believes the alert is on its way', async () => {
    const broken: SosQueue = {
      push: async () => {
        throw new DOMException('QuotaExceededError');
      },
      list: async () => [],
      remove: async () => {},
    };
    const { call } = await routeHarness(() => 'network-error', broken);

    const reply = await call(sosCall('1'));

    expect(reply.status).toBe(503);
    expect(await reply.json()).toMatchObject({ success: false, queued: false });
  });

  it('passes the server failure through rather than claiming it was queued', async () => {
    const broken: SosQueue = {
      push: async () => {
        throw new DOMException('QuotaExceededError');
      },
      list: async () => [],
      remove: async () => {},
    };
    const { call } = await routeHarness(() => json(500, { success: false, message: 'Error' }), broken);
    expect((await call(sosCall('1'))).status).toBe(500);
  });
});

describe('an SOS the page could not authorise', () => {
  it('is queued without a live attempt when the page asks for it, to wait for sign-in', async () => {
    const { queue, server, replay, call } = await routeHarness(() => json(401, { success: false }));
    const request = sosCall('1', { key: 'after-401', token: 'dead-token' });
    request.headers.set('X-SOS-Queue-Only', '1');

    await expectQueuedReply(await call(request));

    expect(server.sent).toEqual([]);
    const [entry] = await queue.list();
    expect(entry?.idempotencyKey).toBe('after-401');
    expect(entry?.request.headers.get('X-SOS-Queue-Only')).toBeNull();
    expect(replay).toHaveBeenCalledTimes(1);
  });
});
