import * as v from 'valibot';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { Queue } from 'workbox-background-sync';
import { sosWorkerMessageSchema, type SosQueueStatus, type SosWorkerMessage } from '#shared/browser/sos-messages.ts';
import { handleSosQueue } from '#sw/sos-worker.ts';
import { fakeServer, json, ok, type Answer, type Sent } from './support/fake-server.ts';
import { refreshedSession, storeSession, storedAuth } from './support/session.ts';
import { sosCall } from './support/sos-requests.ts';
import { installRegistration } from './support/workbox-env.ts';

// The worker as wired in sw/sw.ts, driven through its events in jsdom: fetch
// events from the page, messages from the page, activate; and what it posts back.

const posted: SosWorkerMessage[] = [];
let answer: (sent: Sent) => Answer | Promise<Answer> = () => 'network-error';
const server = fakeServer((sent) => answer(sent));

function extendable<T extends object>(type: string, fields: T) {
  const extended: Array<Promise<unknown>> = [];
  const event = Object.assign(new Event(type), fields, { waitUntil: (promise: Promise<unknown>) => void extended.push(promise) });
  return { event, done: () => settleAll(extended) };
}

/** Waits for every waitUntil promise, including those added while waiting. */
async function settleAll(extended: Array<Promise<unknown>>) {
  for (let seen = 0; seen < extended.length; seen = extended.length) await Promise.all(extended);
}

async function pressOnPage(request: Request): Promise<Response> {
  let response: Promise<Response> | undefined;
  const { event, done } = extendable('fetch', { request, respondWith: (reply: Promise<Response>) => void (response = reply) });
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
    expect(lastStatus()).toMatchObject({ pending: 2, queued: [{ idempotencyKey: 'start' }, { idempotencyKey: 'end' }] });

    answer = () => ok();
    server.sent.length = 0;
    await messageFromPage({ type: 'sos-replay' });

    expect(server.sent.map((sent) => [sent.method, sent.idempotencyKey, sent.authorization])).toEqual([
      ['PUT', 'start', 'Bearer access-1'],
      ['PATCH', 'end', 'Bearer access-1'],
    ]);
    const delivered = posted.flatMap((message) => (message.type === 'sos-queue' && message.delivered ? [message.delivered] : []));
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
      rejected: [{ idempotencyKey: 'refused', alert_status: '1', reason: 'invalid', status: 422, message: 'Datos inválidos' }],
    });

    posted.length = 0;
    await messageFromPage({ type: 'sos-status' });
    expect(lastStatus().rejected).toHaveLength(1);

    await messageFromPage({ type: 'sos-ack-rejected', idempotencyKeys: ['refused'] });
    expect(lastStatus().rejected).toEqual([]);
  });
});
