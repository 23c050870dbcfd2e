import * as v from 'valibot';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Queue } from 'workbox-background-sync';
import { sosWorkerMessageSchema, type SosQueueStatus, type SosWorkerMessage } from '#shared/browser/sos-messages.ts';
import { handleSosQueue } from '#sw/sos-worker.ts';
import { fakeServer, json, ok, type Answer, type Sent } from './support/fake-server.ts';
import { refreshedSession, storeSession, storedAuth } from './support/session.ts';
import { checkInCall, sosCall } from './support/sos-requests.ts';
import { installRegistration } from './support/workbox-env.ts';

// The worker as wired in sw/sw.ts, driven through its events in jsdom: fetch
// events from the page, messages from the page, activate; and what it posts back.

const posted: SosWorkerMessage[] = [];
let answer: (sent: Sent) => Answer | Promise<Answer> = () => 'network-error';
const server = fakeServer((sent) => answer(sent));

function extendable<T extends object>(type: string, fields: T) {
  const extended: Array<Promise<unknown>> = [];
  const event = Object.assign(new Event(type), fields, {
    waitUntil: (promise: Promise<unknown>) => void extended.push(promise),
  });
  return { event, done: () => settleAll(extended) };
}

/** Waits for every waitUntil promise, including those added while waiting. */
async function settleAll(extended: Array<Promise<unknown>>) {
  for (let seen = 0; seen < extended.length; seen = extended.length) await Promise.all(extended);
}

async function pressOnPage(request: Request): Promise<Response> {
  let response: Promise<Response> | undefined;
  const { event, done } = extendable('fetch', {
    request,
    respondWith: (reply: Promise<Response>) => void (response = reply),
  });
  self.dispatchEvent(event);
  if (!response) throw new Error('the worker did not answer the SOS call');
  const reply = await response;
  await done();
  return reply;
}

async function messageFromPage(data: unknown): Promise<void> {
  const { event, done } = extendable('message', { data });
  self.dispatchEvent(event);
  await done();
}

function lastStatus(): SosQueueStatus {
  const statuses = posted.filter((message): message is SosQueueStatus => message.type === 'sos-queue');
  const last = statuses.at(-1);
  if (!last) throw new Error('no status was posted');
  return last;
}

beforeAll(async () => {
  installRegistration();
  const client = { postMessage: (message: SosWorkerMessage) => void posted.push(message) };
  Object.defineProperty(self, 'clients', { value: { matchAll: async () => [client] }, configurable: true });
  vi.stubGlobal('fetch', (request: Request) => server.send(request));
  Queue._queueNames.clear();
  handleSosQueue();
  // The start-up replay finds nothing to send.
  await messageFromPage({ type: 'sos-status' });
});

beforeEach(() => {
  vi.stubGlobal('fetch', (request: Request) => server.send(request));
  posted.length = 0;
  server.sent.length = 0;
});

describe('the service worker', () => {
  it('queues an SOS pressed offline and delivers it once when back online', async () => {
    await storeSession({ access_token: 'access-1' });
    answer = () => 'network-error';

    const start = await pressOnPage(sosCall('1', { key: 'start' }));
    expect(start.status).toBe(202);
    expect(await start.json()).toMatchObject({ success: true, queued: true });
    expect(lastStatus()).toMatchObject({ pending: 1, queued: [{ idempotencyKey: 'start', alert_status: '1' }] });

    const end = await pressOnPage(sosCall('2', { key: 'end', method: 'PATCH' }));
    expect(end.status).toBe(202);
    // Queued behind the start without a live attempt; the replay it started retried the start only.
    expect(server.sent.map((sent) => sent.idempotencyKey)).not.toContain('end');
    expect(lastStatus()).toMatchObject({
      pending: 2,
      queued: [{ idempotencyKey: 'start' }, { idempotencyKey: 'end' }],
    });

    answer = () => ok();
    server.sent.length = 0;
    await messageFromPage({ type: 'sos-replay' });

    expect(server.sent.map((sent) => [sent.method, sent.idempotencyKey, sent.authorization])).toEqual([
      ['PUT', 'start', 'Bearer access-1'],
      ['PATCH', 'end', 'Bearer access-1'],
    ]);
    const delivered = posted.flatMap((message) =>
      message.type === 'sos-queue' && message.delivered ? [message.delivered] : [],
    );
    expect(delivered).toEqual([
      { idempotencyKey: 'start', alert_status: '1' },
      { idempotencyKey: 'end', alert_status: '2' },
    ]);
    expect(lastStatus()).toMatchObject({ pending: 0, oldestQueuedAt: null, replaying: false, needsSignIn: false });
    for (const message of posted) expect(v.is(sosWorkerMessageSchema, message)).toBe(true);
  });

  it('passes a prompt answer through when nothing is queued', async () => {
    await storeSession();
    answer = () => json(200, { success: true, message: 'Alerta activada' });

    const reply = await pressOnPage(sosCall('1', { key: 'live' }));

    expect(reply.status).toBe(200);
    expect(server.sent).toHaveLength(1);
  });

  it('asks the pages to sign in when the token cannot be renewed, and delivers once they have', async () => {
    await storeSession({ access_token: 'expired', refresh_token: 'revoked' });
    answer = () => 'network-error';
    await pressOnPage(sosCall('1', { key: 'pending' }));

    answer = (sent) => (sent.authorization === 'Bearer after-sign-in' ? ok() : json(401, { success: false }));
    await messageFromPage({ type: 'sos-replay' });
    expect(lastStatus()).toMatchObject({ pending: 1, needsSignIn: true });

    await storeSession({ access_token: 'after-sign-in', refresh_token: 'refresh-new' });
    await messageFromPage({ type: 'sos-replay' });
    expect(lastStatus()).toMatchObject({ pending: 0, needsSignIn: false });
  });

  it('renews an expired token itself and tells the pages to re-read the session', async () => {
    await storeSession({ access_token: 'expired', refresh_token: 'refresh-1' });
    answer = () => 'network-error';
    await pressOnPage(sosCall('1', { key: 'pending' }));

    answer = (sent) => {
      if (sent.url.endsWith('/api/refresh')) return json(200, refreshedSession('fresh', 'refresh-2'));
      return sent.authorization === 'Bearer fresh' ? ok() : json(401, {});
    };
    // Activation is one of the replay triggers (Safari and Firefox have no Background Sync).
    const { event, done } = extendable('activate', {});
    self.dispatchEvent(event);
    await done();

    expect(posted).toContainEqual({ type: 'sos-session-updated' });
    expect(await storedAuth()).toMatchObject({ access_token: 'fresh', refresh_token: 'refresh-2' });
    expect(lastStatus()).toMatchObject({ pending: 0 });
  });

  it('reports a request the server refuses until a page acknowledges it', async () => {
    await storeSession();
    answer = () => 'network-error';
    await pressOnPage(sosCall('1', { key: 'refused' }));

    answer = () => json(422, { success: false, message: 'Datos inválidos' });
    await messageFromPage({ type: 'sos-replay' });
    expect(lastStatus()).toMatchObject({
      pending: 0,
      rejected: [
        { idempotencyKey: 'refused', alert_status: '1', reason: 'invalid', status: 422, message: 'Datos inválidos' },
      ],
    });

    posted.length = 0;
    await messageFromPage({ type: 'sos-status' });
    expect(lastStatus().rejected).toHaveLength(1);

    await messageFromPage({ type: 'sos-ack-rejected', idempotencyKeys: ['refused'] });
    expect(lastStatus().rejected).toEqual([]);
  });

  it('keeps check-in calls made offline in one order with the SOS calls and delivers them in that order', async () => {
    await storeSession({ access_token: 'access-1' });
    answer = () => 'network-error';

    for (const request of [
      checkInCall('set', { key: 'set' }),
      sosCall('1', { key: 'start' }),
      checkInCall('extend', { key: 'more' }),
      checkInCall('ok', { key: 'fine' }),
      sosCall('2', { key: 'end' }),
    ]) {
      const reply = await pressOnPage(request);
      expect(reply.status).toBe(202);
      expect(await reply.json()).toMatchObject({ success: true, queued: true });
    }
    expect(lastStatus()).toMatchObject({ pending: 5 });

    answer = () => ok();
    server.sent.length = 0;
    await messageFromPage({ type: 'sos-replay' });

    expect(
      server.sent.map((sent) => [
        sent.method,
        new URL(sent.url).pathname,
        sent.idempotencyKey,
        sent.authorization,
        sent.body.action ?? sent.body.alert_status ?? sent.body.purpose,
      ]),
    ).toEqual([
      ['POST', '/api/check-ins', 'set', 'Bearer access-1', 'cita-inmigracion'],
      ['PUT', '/api/active-button', 'start', 'Bearer access-1', '1'],
      ['PUT', '/api/check-ins/current', 'more', 'Bearer access-1', 'extend'],
      ['PUT', '/api/check-ins/current', 'fine', 'Bearer access-1', 'ok'],
      ['PUT', '/api/active-button', 'end', 'Bearer access-1', '2'],
    ]);
    expect(lastStatus()).toMatchObject({ pending: 0, rejected: [] });
  });

  it('gives up on a queued "Estoy bien" the server no longer has a check-in for, and still delivers the SOS behind it', async () => {
    await storeSession({ access_token: 'access-1' });
    answer = () => 'network-error';
    await pressOnPage(checkInCall('ok', { key: 'late-ok' }));
    await pressOnPage(sosCall('1', { key: 'after-ok' }));

    answer = (sent) =>
      sent.url.endsWith('/api/check-ins/current')
        ? json(404, { success: false, message: 'No tienes un aviso en curso.' })
        : ok();
    server.sent.length = 0;
    await messageFromPage({ type: 'sos-replay' });

    expect(server.sent.map((sent) => sent.idempotencyKey)).toEqual(['late-ok', 'after-ok']);
    expect(lastStatus()).toMatchObject({
      pending: 0,
      rejected: [
        {
          idempotencyKey: 'late-ok',
          alert_status: null,
          reason: 'invalid',
          status: 404,
          message: 'No tienes un aviso en curso.',
        },
      ],
    });
    await messageFromPage({ type: 'sos-ack-rejected', idempotencyKeys: ['late-ok'] });
  });

  it('passes a prompt answer to a check-in call through, and leaves other calls to the network', async () => {
    await storeSession();
    answer = () => json(409, { success: false, message: 'Ya tienes un aviso en curso.' });
    const reply = await pressOnPage(checkInCall('set', { key: 'second' }));
    expect(reply.status).toBe(409);
    expect(server.sent).toHaveLength(1);
    await messageFromPage({ type: 'sos-status' });
    expect(lastStatus()).toMatchObject({ pending: 0 });

    let handled = false;
    const { event } = extendable('fetch', {
      request: new Request('http://localhost:3000/api/check-ins/current', { method: 'GET' }),
      respondWith: () => void (handled = true),
    });
    self.dispatchEvent(event);
    expect(handled).toBe(false);
  });
});
