import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionLookup } from '#server/auth/bearer.ts';
import { deskStreamHandler } from '#server/desk/desk-stream.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { deskGate, requireStaff } from '#server/staff/require-staff.ts';
import { removeStaff } from '#server/staff/staff-members.ts';
import { MEXICO, personWithConfirmedContacts, press } from '#test/support/alert-people.ts';
import { newestAlertId, shareWithFirm } from '#test/support/desk-people.ts';
import { PIN, setPins } from '#test/support/pins.ts';
import { signUp } from '#test/support/sign-up.ts';
import { readSse, type SseMessage, type SseStream } from '#test/support/sse-stream.ts';
import { staffBearer } from '#test/support/staff.ts';
import { createTestApp, type TestApp } from '#test/support/test-app.ts';

// GET /api/desk/stream: the desk's live link. Two app instances share one
// PostgreSQL, as two servers behind a load balancer do.

type Expected = { event: string; id: string; data: string };

async function openStream(t: TestApp, token: string, lastEventId?: string): Promise<SseStream> {
  const res = await t.app.request('/api/desk/stream', {
    headers: { authorization: `Bearer ${token}`, ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
  });
  expect([res.status, res.headers.get('content-type')]).toEqual([200, 'text/event-stream']);
  return readSse(res);
}

/** The stream's `alert` events the log of `alertIds` should give, after `afterId`, in order. */
async function expectedAlerts(t: TestApp, alertIds: string[], afterId = 0): Promise<Expected[]> {
  const { rows } = await t.pool.query<{ id: string; alert_id: string; kind: string }>(
    `select e.id, a.alert_id, e.kind from alert_events e cross join lateral unnest(e.alert_ids) with ordinality as a(alert_id, n)
     where a.alert_id = any($1::uuid[]) and e.id > $2 order by e.id, a.n`,
    [alertIds, afterId],
  );
  return rows.map((row) => ({
    event: 'alert',
    id: row.id,
    data: JSON.stringify({ alertId: row.alert_id, kind: row.kind }),
  }));
}

const alertsOf = (messages: SseMessage[]) => messages.filter((message) => message.event === 'alert');

describe('the desk stream', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp();
    b = await createTestApp({ database: a.database });
  });
  afterAll(async () => {
    await b.close({ keepDatabase: true });
    await a.close();
  });

  it('refuses a call without a token (401) and a person’s token (403)', async () => {
    const person = await signUp(a, 'stream-persona@example.com');
    const none = await a.call('GET', 'desk/stream');
    const asPerson = await a.call('GET', 'desk/stream', { token: person.access_token });
    expect([none.status, none.body.success, asPerson.status, asPerson.body.success]).toEqual([401, false, 403, false]);
    expect(a.deskFeed.size()).toBe(0);
  });

  it('shows a desk on one instance a press made through the other, line for line, without positions', async () => {
    const desk = await staffBearer(b, { role: 'responder' });
    const stream = await openStream(b, desk.token);
    await expect.poll(() => stream.messages[0]?.event).toBe('ready');

    const { me } = await personWithConfirmedContacts(a, 'stream-otra', [['Luis', 'Díaz']]);
    await shareWithFirm(a, me);
    expect((await press(a, me, { alert_status: '1', ...MEXICO })).status).toBe(200);
    const alertId = await newestAlertId(a, me);
    const expected = await expectedAlerts(a, [alertId]);
    expect(expected.length).toBeGreaterThan(0);
    await expect.poll(() => alertsOf(stream.messages)).toEqual(expected);
    expect(JSON.stringify(stream.messages)).not.toContain(MEXICO.latitude);

    await stream.close();
    await expect.poll(() => b.deskFeed.size()).toBe(0);
  });

  it('shows a desk an alert at once when its person starts sharing during it, and drops it at once when they stop', async () => {
    const desk = await staffBearer(b, { role: 'responder' });
    const stream = await openStream(b, desk.token);
    await expect.poll(() => stream.messages[0]?.event).toBe('ready');
    const cardIds = async () =>
      ((await b.call('GET', 'desk/alerts', { token: desk.token })).body.message as { id: string }[]).map(
        (card) => card.id,
      );
    // Taking it back while the alert is on asks for the PIN (the seized-phone guard): the real one.
    const consent = async (share: boolean) => {
      const headers = { 'x-pin': PIN };
      const reply = await a.call('PUT', 'profile/firm-consent', { token: me.access_token, body: { share }, headers });
      expect(reply.status).toBe(200);
    };

    // Pressed before sharing: the desk neither hears of it nor lists it.
    const { me } = await personWithConfirmedContacts(a, 'stream-tarde', [['Luis', 'Díaz']]);
    await setPins(a, me);
    expect((await press(a, me, { alert_status: '1', ...MEXICO })).status).toBe(200);
    const alertId = await newestAlertId(a, me);
    expect(await cardIds()).not.toContain(alertId);

    await consent(true);
    const on = await expectedAlerts(a, [alertId]);
    expect(on.at(-1)?.data).toBe(JSON.stringify({ alertId, kind: 'firm-consent-on' }));
    // Only the line that says so: the lines before it were not shared when written.
    await expect.poll(() => alertsOf(stream.messages)).toEqual(on.slice(-1));
    expect(await cardIds()).toContain(alertId);

    await consent(false);
    const off = await expectedAlerts(a, [alertId]);
    expect(off.at(-1)?.data).toBe(JSON.stringify({ alertId, kind: 'firm-consent-off' }));
    await expect.poll(() => alertsOf(stream.messages)).toEqual([...on.slice(-1), ...off.slice(-1)]);
    expect(await cardIds()).not.toContain(alertId);
    expect((await b.call('GET', `desk/alerts/${alertId}`, { token: desk.token })).status).toBe(404);
    expect(JSON.stringify(stream.messages)).not.toContain(MEXICO.latitude);

    await stream.close();
    await expect.poll(() => b.deskFeed.size()).toBe(0);
  });

  it('sends a desk that comes back with Last-Event-ID every line it missed, of consenting people only', async () => {
    const desk = await staffBearer(b, { role: 'responder' });
    const first = await openStream(b, desk.token);
    await expect.poll(() => first.messages[0]?.event).toBe('ready');
    const lastSeen = first.messages[0]!.id!;
    await first.close();

    // While the desk is away: one person who shares their alerts presses and ends, one who does not presses.
    const shared = await personWithConfirmedContacts(a, 'stream-vuelve', [['Ana', 'Ruiz']]);
    const hidden = await personWithConfirmedContacts(a, 'stream-oculta', [['Eva', 'Gil']]);
    await shareWithFirm(a, shared.me);
    await press(a, shared.me, { alert_status: '1', ...MEXICO });
    await press(a, hidden.me, { alert_status: '1', ...MEXICO });
    await press(a, shared.me, { alert_status: '2' });
    const sharedAlert = await newestAlertId(a, shared.me);
    const hiddenAlert = await newestAlertId(a, hidden.me);

    const again = await openStream(b, desk.token, lastSeen);
    const expected = await expectedAlerts(a, [sharedAlert], Number(lastSeen));
    expect(expected.map((line) => JSON.parse(line.data).kind)).toEqual(
      expect.arrayContaining(['alert-started', 'alert-ended']),
    );
    await expect.poll(() => alertsOf(again.messages)).toEqual(expected);
    expect(again.messages.some((message) => message.event === 'ready')).toBe(false);
    expect(JSON.stringify(again.messages)).not.toContain(hiddenAlert);
    await again.close();
  });

  /** The stream as the app mounts it, with a keep-alive every 20 ms (or `heartbeatMs`) instead of 20 s. */
  function quickStream(t: TestApp, heartbeatMs = 20) {
    const deps = { db: t.db, clock: t.clock, sessionLookup: createSessionLookup(t.pool) };
    return new Hono<AppEnv>()
      .use('*', deskGate(deps))
      .get('/', requireStaff('desk'), deskStreamHandler({ ...deps, deskFeed: t.deskFeed, log: t.log, heartbeatMs }));
  }

  it('keeps a quiet stream open with comments', async () => {
    const desk = await staffBearer(a, { role: 'responder' });
    const res = await quickStream(a).request('/', { headers: { authorization: `Bearer ${desk.token}` } });
    const stream = readSse(res);
    await expect.poll(() => stream.comments()).toBeGreaterThan(2);
    await stream.close();
    await expect.poll(() => a.deskFeed.size()).toBe(0);
  });

  it('ends the stream once its desk session ends (the staff member removed)', async () => {
    const desk = await staffBearer(a, { role: 'responder' });
    const res = await quickStream(a).request('/', { headers: { authorization: `Bearer ${desk.token}` } });
    const stream = readSse(res);
    await expect.poll(() => stream.comments()).toBeGreaterThan(0);
    expect(await removeStaff(a.db, desk.email, a.clock.now())).toBe('removed');
    await stream.ended;
    await expect.poll(() => a.deskFeed.size()).toBe(0);
    const again = await a.call('GET', 'desk/stream', { token: desk.token });
    expect(again.status).toBe(401);
  });

  it('ends the stream at once when its staff member is removed, not at its next keep-alive', async () => {
    const desk = await staffBearer(a, { role: 'responder' });
    // A keep-alive that never comes in this test: only the removal's notice can end the stream.
    const res = await quickStream(a, 3_600_000).request('/', { headers: { authorization: `Bearer ${desk.token}` } });
    const stream = readSse(res);
    // 'ready' is written once the feed listens: a removal before it would go unheard here.
    await expect.poll(() => stream.messages[0]?.event).toBe('ready');
    expect(await removeStaff(a.db, desk.email, a.clock.now())).toBe('removed');
    await stream.ended;
    await expect.poll(() => a.deskFeed.size()).toBe(0);
  });

  it('ends every stream when the instance stops, so desks reconnect elsewhere', async () => {
    const c = await createTestApp({ database: a.database });
    const desk = await staffBearer(c, { role: 'admin' });
    const stream = await openStream(c, desk.token);
    await expect.poll(() => stream.messages[0]?.event).toBe('ready');
    await c.close({ keepDatabase: true });
    await stream.ended;
    expect(stream.messages.map((message) => message.event)).toEqual(['ready']);
  });
});
