import { describe, expect, it } from 'vitest';
import { replayRound } from '#sw/replay.ts';
import { json, ok, type Answer, type Sent } from './support/fake-server.ts';
import { enqueue, isRefresh, queuedKeys, replayHarness, sosCalls } from './support/replay-harness.ts';
import { refreshedSession, storeSession, storedAuth } from './support/session.ts';
import { SOS_URL, sosCall } from './support/sos-requests.ts';
import { foreignSealedCall, pushRawEntry } from './support/workbox-env.ts';

const DAY_MS = 24 * 60 * 60_000;

describe('replaying the SOS queue', () => {
  it('delivers queued requests oldest first, one at a time, with the token stored now', async () => {
    await storeSession({ access_token: 'access-now' });
    let inFlight = 0;
    let mostAtOnce = 0;
    const { queue, server, events, deps } = await replayHarness(async () => {
      inFlight += 1;
      mostAtOnce = Math.max(mostAtOnce, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight -= 1;
      return ok();
    });
    await enqueue(queue, sosCall('1', { key: 'start', token: 'token-at-press' }));
    await enqueue(queue, sosCall('2', { key: 'end', method: 'PATCH' }));

    expect(await replayRound(deps)).toEqual({ outcome: 'empty', delivered: 2 });

    expect(
      server.sent.map((call) => [call.method, call.idempotencyKey, call.body.alert_status, call.authorization]),
    ).toEqual([
      ['PUT', 'start', '1', 'Bearer access-now'],
      ['PATCH', 'end', '2', 'Bearer access-now'],
    ]);
    expect(mostAtOnce).toBe(1);
    expect(await queuedKeys(queue)).toEqual([]);
    expect(events.map((event) => [event.type, event.entry.idempotencyKey])).toEqual([
      ['delivered', 'start'],
      ['delivered', 'end'],
    ]);
  });

  it.each<[string, Answer]>([
    ['the network is down', 'network-error'],
    ['the server fails', json(503, { success: false })],
    ['the server is overloaded', json(429, { success: false })],
    ['a proxy answers 404', json(404, {})],
  ])('keeps every entry in order when %s, and sends nothing after the first', async (_name, answer) => {
    await storeSession();
    const { queue, server, events, deps } = await replayHarness(() => answer);
    await enqueue(queue, sosCall('1', { key: 'start' }));
    await enqueue(queue, sosCall('2', { key: 'end' }));

    expect(await replayRound(deps)).toEqual({ outcome: 'waiting', delivered: 0 });

    expect(server.sent.map((call) => call.idempotencyKey)).toEqual(['start']);
    expect(await queuedKeys(queue)).toEqual(['start', 'end']);
    expect(events).toEqual([]);
  });

  it('never sends the end of an alert before its start, across rounds', async () => {
    await storeSession();
    let serverUp = false;
    const { queue, server, deps } = await replayHarness(() => (serverUp ? ok() : json(502, {})));
    await enqueue(queue, sosCall('1', { key: 'start' }));
    await enqueue(queue, sosCall('2', { key: 'end' }));

    await replayRound(deps);
    serverUp = true;
    await replayRound(deps);

    expect(server.sent.map((call) => call.body.alert_status)).toEqual(['1', '1', '2']);
  });

  it('gives up an entry this device can no longer open, saying so, and delivers the next one', async () => {
    await storeSession();
    const { queue, server, events, deps } = await replayHarness(() => ok());
    await pushRawEntry(foreignSealedCall(SOS_URL), {
      idempotencyKey: 'lost',
      alertStatus: '1',
      userId: 'u1',
      sealed: true,
    });
    await enqueue(queue, sosCall('1', { key: 'start' }));

    expect(await replayRound(deps)).toEqual({ outcome: 'empty', delivered: 1 });

    expect(server.sent.map((call) => call.idempotencyKey)).toEqual(['start']);
    expect(
      events.map((event) => [
        event.type,
        event.entry.idempotencyKey,
        event.type === 'rejected' ? [event.reason, event.status, event.message] : null,
      ]),
    ).toEqual([
      ['rejected', 'lost', ['invalid', null, 'este teléfono ya no puede abrirla. Presiona SOS otra vez.']],
      ['delivered', 'start', null],
    ]);
    expect(await queuedKeys(queue)).toEqual([]);
  });

  it('treats 409 as already done', async () => {
    await storeSession();
    const { queue, events, deps } = await replayHarness(() => json(409, { success: false, message: 'Ya registrada' }));
    await enqueue(queue, sosCall('1', { key: 'start' }));

    expect(await replayRound(deps)).toEqual({ outcome: 'empty', delivered: 1 });
    expect(events.map((event) => event.type)).toEqual(['delivered']);
  });

  it('refreshes the token on a 401, writes it to the store and retries once', async () => {
    await storeSession({ access_token: 'expired', refresh_token: 'refresh-1' });
    const { queue, server, deps } = await replayHarness((call) => {
      if (isRefresh(call)) return json(200, refreshedSession('fresh', 'refresh-2'));
      return call.authorization === 'Bearer fresh' ? ok() : json(401, { success: false, message: 'No autorizado' });
    });
    await enqueue(queue, sosCall('1', { key: 'start' }));

    expect(await replayRound(deps)).toEqual({ outcome: 'empty', delivered: 1 });

    expect(server.sent.map((call) => (isRefresh(call) ? 'refresh' : call.authorization))).toEqual([
      'Bearer expired',
      'refresh',
      'Bearer fresh',
    ]);
    expect(await storedAuth()).toMatchObject({ access_token: 'fresh', refresh_token: 'refresh-2' });
  });

  it('keeps the entry and asks for sign-in when the refresh is refused', async () => {
    await storeSession({ access_token: 'expired', refresh_token: 'revoked' });
    const { queue, server, events, deps } = await replayHarness((call) =>
      isRefresh(call) ? json(401, { success: false }) : json(401, { success: false }),
    );
    await enqueue(queue, sosCall('1', { key: 'start' }));
    await enqueue(queue, sosCall('2', { key: 'end' }));

    expect(await replayRound(deps)).toEqual({ outcome: 'needs-sign-in', delivered: 0 });

    expect(sosCalls(server.sent).map((call) => call.idempotencyKey)).toEqual(['start']);
    expect(await queuedKeys(queue)).toEqual(['start', 'end']);
    expect(events).toEqual([]);
  });

  it('asks for sign-in, without looping, when even a fresh token gets a 401', async () => {
    await storeSession({ access_token: 'expired', refresh_token: 'refresh-1' });
    const { queue, server, deps } = await replayHarness((call) =>
      isRefresh(call) ? json(200, refreshedSession('fresh', 'refresh-2')) : json(401, {}),
    );
    await enqueue(queue, sosCall('1', { key: 'start' }));

    expect(await replayRound(deps)).toEqual({ outcome: 'needs-sign-in', delivered: 0 });
    expect(server.sent).toHaveLength(3);
    expect(await queuedKeys(queue)).toEqual(['start']);
  });

  it('waits, without asking for sign-in, when the refresh cannot reach the server', async () => {
    await storeSession({ access_token: 'expired', refresh_token: 'refresh-1' });
    const { queue, deps } = await replayHarness((call) => (isRefresh(call) ? 'network-error' : json(401, {})));
    await enqueue(queue, sosCall('1', { key: 'start' }));

    expect(await replayRound(deps)).toEqual({ outcome: 'waiting', delivered: 0 });
    expect(await queuedKeys(queue)).toEqual(['start']);
  });

  it('sends nothing and asks for sign-in when nobody is signed in', async () => {
    await storeSession({ id: '', access_token: '', refresh_token: '' });
    const { queue, server, deps } = await replayHarness(() => ok());
    await enqueue(queue, sosCall('1', { key: 'start' }), 'u1');

    expect(await replayRound(deps)).toEqual({ outcome: 'needs-sign-in', delivered: 0 });
    expect(server.sent).toEqual([]);
    expect(await queuedKeys(queue)).toEqual(['start']);
  });

  it('removes a body the server will never accept, reports it, and goes on with the next', async () => {
    await storeSession();
    const { queue, server, events, deps } = await replayHarness((call: Sent) =>
      call.idempotencyKey === 'bad'
        ? json(422, { success: false, message: 'Datos inválidos', errors: { timezone: ['Zona horaria inválida'] } })
        : ok(),
    );
    await enqueue(queue, sosCall('1', { key: 'bad' }));
    await enqueue(queue, sosCall('2', { key: 'end' }));

    expect(await replayRound(deps)).toEqual({ outcome: 'empty', delivered: 1 });

    expect(events).toEqual([
      expect.objectContaining({ type: 'rejected', reason: 'invalid', status: 422, message: 'Datos inválidos' }),
      expect.objectContaining({ type: 'delivered' }),
    ]);
    expect(events[0]!.entry.idempotencyKey).toBe('bad');
    expect(server.sent.map((call) => call.idempotencyKey)).toEqual(['bad', 'end']);
    expect(await queuedKeys(queue)).toEqual([]);
  });

  it('tries an entry unsent for 7 days once more, and delivers it if it can: its age is the clock of the phone', async () => {
    await storeSession();
    const eightDaysLater = () => Date.now() + 8 * DAY_MS;
    const { queue, server, events, deps } = await replayHarness(() => ok(), { now: eightDaysLater });
    await enqueue(queue, sosCall('1', { key: 'old' }));

    expect(await replayRound(deps)).toEqual({ outcome: 'empty', delivered: 1 });

    expect(server.sent.map((call) => call.idempotencyKey)).toEqual(['old']);
    expect(events.map((event) => [event.type, event.entry.idempotencyKey])).toEqual([['delivered', 'old']]);
    expect(await queuedKeys(queue)).toEqual([]);
  });

  it.each<[string, Answer]>([
    ['the network is down', 'network-error'],
    ['the server fails', json(503, { success: false })],
  ])(
    'reports, never silently drops, an entry unsent for 7 days that still cannot go when %s, and goes on with the next',
    async (_name, answer) => {
      await storeSession();
      const now = Date.now();
      const { queue, server, events, deps } = await replayHarness(
        (sent) => (sent.idempotencyKey === 'old' ? answer : ok()),
        { now: () => now + 8 * DAY_MS },
      );
      await enqueue(queue, sosCall('1', { key: 'old' }));
      await enqueue(queue, sosCall('2', { key: 'end' }));

      expect(await replayRound(deps)).toEqual({ outcome: 'empty', delivered: 1 });

      expect(server.sent.map((call) => call.idempotencyKey)).toEqual(['old', 'end']);
      expect(events.map((event) => [event.type, event.entry.idempotencyKey])).toEqual([
        ['rejected', 'old'],
        ['delivered', 'end'],
      ]);
      expect(events[0]).toMatchObject({ reason: 'expired', status: null, message: null });
      expect(await queuedKeys(queue)).toEqual([]);
    },
  );

  it("never sends someone else's SOS under the token of the person signed in now, nor lets it hold theirs up", async () => {
    await storeSession({ id: 'u2', access_token: 'access-of-u2' });
    const { queue, server, deps } = await replayHarness(() => ok());
    await enqueue(queue, sosCall('1', { key: 'of-u1' }), 'u1');
    await enqueue(queue, sosCall('1', { key: 'of-u2' }), 'u2');

    expect(await replayRound(deps)).toEqual({ outcome: 'needs-sign-in', delivered: 1 });

    expect(server.sent.map((call) => [call.idempotencyKey, call.authorization])).toEqual([
      ['of-u2', 'Bearer access-of-u2'],
    ]);
    expect(await queuedKeys(queue)).toEqual(['of-u1']);
  });

  it("reports and drops, untried, someone else's entry unsent for 7 days: no token of theirs can send it", async () => {
    await storeSession({ id: 'u2', access_token: 'access-of-u2' });
    const { queue, server, events, deps } = await replayHarness(() => ok(), { now: () => Date.now() + 8 * DAY_MS });
    await enqueue(queue, sosCall('1', { key: 'of-u1' }), 'u1');

    expect(await replayRound(deps)).toEqual({ outcome: 'empty', delivered: 0 });

    expect(server.sent).toEqual([]);
    expect(events).toEqual([expect.objectContaining({ type: 'rejected', reason: 'expired', status: null })]);
    expect(await queuedKeys(queue)).toEqual([]);
  });
});
