import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/api/auth.ts';
import { PIN_HEADER } from '#shared/api/pins.ts';
import { createCheckInWorker } from '#server/check-ins/check-in-worker.ts';
import { alertState, MEXICO, personWithConfirmedContacts, press } from '#test/support/alert-people.ts';
import { DURESS_PIN, PIN, setPins } from '#test/support/pins.ts';
import { createTestApp, type TestApp } from '#test/support/test-app.ts';

// The lifecycle's executor, event by event through the real routes and worker:
// the one row each event appends to `alert_events` (docs/decisions/040) and the
// lines it reads as on the cases of the alerts it concerns (one for each effect:
// the alert, the check-in), who caused them, all at the event's moment; and a
// replay of the same request, under the same key, appends nothing and changes nothing.

const MINUTE = 60_000;
const NOWHERE = { latitude: '', longitude: '', timezone: MEXICO.timezone };

type Ctx = { t: TestApp; me: Session };
/** One request of the person's phone, sent under `key`; a worker's tick needs no key. */
type Request = (ctx: Ctx, key: string) => Promise<{ status: number; body: unknown } | void>;

const inMinutes = (t: TestApp, minutes: number) => new Date(t.clock.now().getTime() + minutes * MINUTE).toISOString();

const button =
  (body: Record<string, unknown>): Request =>
  ({ t, me }, key) =>
    press(t, me, body, key);
const sos = button({ alert_status: '1', ...NOWHERE });
const position = button({ alert_status: '1', ...MEXICO });
const end = (pin?: string) => button({ alert_status: '2', ...MEXICO, ...(pin ? { pin } : {}) });
const practice = button({ alert_status: '3', ...MEXICO });
/** A body made once per key: a replay sends the first request's body again, as the phone's queue does. */
const bodies = new Map<string, Record<string, unknown>>();
const bodyFor = (key: string, make: () => Record<string, unknown>) => {
  if (!bodies.has(key)) bodies.set(key, make());
  return bodies.get(key)!;
};
const checkInFor =
  (minutes: number): Request =>
  ({ t, me }, key) =>
    t.call('POST', 'check-ins', {
      token: me.access_token,
      body: bodyFor(key, () => ({
        purpose: 'cita-inmigracion',
        place: '26 Federal Plaza',
        due_at: inMinutes(t, minutes),
        ...MEXICO,
      })),
      headers: { 'idempotency-key': key },
    });
const checkIn =
  (body: (t: TestApp) => Record<string, unknown>): Request =>
  ({ t, me }, key) =>
    t.call('PUT', 'check-ins/current', {
      token: me.access_token,
      body: bodyFor(key, () => body(t)),
      headers: { 'idempotency-key': key },
    });
const extendBy = (minutes: number, pin?: string) =>
  checkIn((t) => ({ action: 'extend', due_at: inMinutes(t, minutes), ...(pin ? { pin } : {}) }));
const close = (pin?: string) => checkIn(() => ({ action: 'ok', ...(pin ? { pin } : {}) }));
const checkInDue: Request = async ({ t }) => {
  t.clock.advance(70 * MINUTE);
  await createCheckInWorker({ db: t.db, clock: t.clock, config: t.config, log: t.log }).tick();
};
const pins: Request = async ({ t, me }) => setPins(t, me);
/** 'Borrar cuenta' signs the phone out: no replay follows it. */
const deleteAccount =
  (pin: string): Request =>
  async ({ t, me }) => {
    const reply = await t.call('DELETE', 'profile', { token: me.access_token, headers: { [PIN_HEADER]: pin } });
    expect(reply.status).toBe(200);
  };

/** [actor, kind, on an alert, the event on the check-in] of each line of the event's row. */
type Line = [string, string, boolean, boolean];

const CASES: { name: string; before: Request[]; event: Request; lines: Line[] }[] = [
  { name: "'press' from none", before: [], event: sos, lines: [['person', 'alert-started', true, false]] },
  {
    name: "'press' from on, with a position",
    before: [sos],
    event: position,
    lines: [['person', 'position', true, false]],
  },
  { name: "'end' from on", before: [sos], event: end(), lines: [['person', 'alert-ended', true, false]] },
  { name: "'end' from none", before: [], event: end(), lines: [] },
  {
    name: "'duress-end' from on",
    before: [pins, sos],
    event: end(DURESS_PIN),
    lines: [['person', 'alert-ended-duress', true, false]],
  },
  { name: "'end' from hidden", before: [pins, sos, end(DURESS_PIN)], event: end(PIN), lines: [] },
  {
    name: "'press' from hidden: the hidden alert gives way to a fresh one",
    before: [pins, sos, end(DURESS_PIN)],
    event: sos,
    lines: [
      ['person', 'alert-replaced', true, false],
      ['person', 'alert-started', true, false],
    ],
  },
  { name: "'practice' from none", before: [], event: practice, lines: [['person', 'practice', false, false]] },
  { name: "'practice' from on", before: [sos], event: practice, lines: [] },
  {
    name: "'practice' from hidden",
    before: [pins, sos, end(DURESS_PIN)],
    event: practice,
    lines: [['person', 'practice', false, false]],
  },
  { name: "'check-in-set'", before: [], event: checkInFor(60), lines: [['person', 'check-in-set', false, true]] },
  {
    name: "'check-in-extend'",
    before: [checkInFor(60)],
    event: extendBy(90),
    lines: [['person', 'check-in-extended', false, true]],
  },
  {
    name: "'check-in-close' of a running check-in",
    before: [checkInFor(60)],
    event: close(),
    lines: [['person', 'check-in-closed', false, true]],
  },
  {
    name: "'check-in-duress-close' of a running check-in",
    before: [pins, checkInFor(60)],
    event: close(DURESS_PIN),
    lines: [
      ['system', 'alert-started', true, true],
      ['person', 'check-in-fired', true, true],
      ['person', 'check-in-closed', true, true],
    ],
  },
  {
    name: "'check-in-duress-extend' of a running check-in",
    before: [pins, checkInFor(60)],
    event: extendBy(90, DURESS_PIN),
    lines: [
      ['system', 'alert-started', true, true],
      ['person', 'check-in-fired', true, true],
      ['person', 'check-in-extended', true, true],
    ],
  },
  {
    name: "'check-in-due'",
    before: [checkInFor(60)],
    event: checkInDue,
    lines: [
      ['system', 'alert-started', true, true],
      ['system', 'check-in-fired', true, true],
    ],
  },
  {
    name: "'check-in-due' after a duress end: a fresh alert, as after a real end",
    before: [pins, sos, end(DURESS_PIN), checkInFor(60)],
    event: checkInDue,
    lines: [
      ['system', 'alert-replaced', true, true],
      ['system', 'alert-started', true, true],
      ['system', 'check-in-fired', true, true],
    ],
  },
  {
    name: "'check-in-due' at the deadline shown after 'check-in-duress-extend': a fresh alert, as a real extension's",
    before: [pins, checkInFor(60), extendBy(90, DURESS_PIN), checkInDue],
    event: checkInDue,
    lines: [
      ['system', 'alert-replaced', true, true],
      ['system', 'alert-started', true, true],
      ['system', 'check-in-fired', true, true],
    ],
  },
  {
    name: "'check-in-close' of a fired check-in ends its alert",
    before: [checkInFor(60), checkInDue],
    event: close(),
    lines: [
      ['person', 'alert-ended', true, true],
      ['person', 'check-in-closed', true, true],
    ],
  },
  {
    name: "'duress-end' while a check-in fired closes it as the person is shown it",
    before: [pins, checkInFor(60), checkInDue],
    event: end(DURESS_PIN),
    lines: [
      ['person', 'alert-ended-duress', true, true],
      ['person', 'check-in-closed', true, true],
    ],
  },
  {
    name: "'delete-account' during an alert: deferred",
    before: [pins, sos],
    event: deleteAccount(PIN),
    lines: [['person', 'deletion-requested', true, false]],
  },
  {
    name: "'duress-delete-account' during an alert: only this phone signed out",
    before: [pins, sos],
    event: deleteAccount(DURESS_PIN),
    lines: [['person', 'deletion-requested', true, false]],
  },
];

/** The person's log, row by row (one per event), each with its lines. */
async function eventsOf(t: TestApp, userId: string): Promise<{ lines: Line[]; at: Date }[]> {
  const { rows } = await t.pool.query<{
    actor: string;
    kind: string;
    alert_ids: string[];
    check_in_id: string | null;
    at: Date;
    lines: { alertId: string | null; actor: string; kind: string }[] | null;
  }>('select actor, kind, alert_ids, check_in_id, at, lines from alert_events where user_id = $1 order by at, id', [
    userId,
  ]);
  return rows.map((row) => ({
    lines: (row.lines ?? [{ ...row, alertId: row.alert_ids[0] ?? null }]).map((line): Line => [
      line.actor,
      line.kind,
      line.alertId !== null,
      row.check_in_id !== null,
    ]),
    at: row.at,
  }));
}

const ISO_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Replies with their ids named in order of appearance and their times as ms after `origin`: two accounts compared. */
function normalised(value: unknown, origin: Date): unknown {
  const ids = new Map<string, string>();
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string' && ISO_TIME.test(v)) return `+${new Date(v).getTime() - origin.getTime()}`;
    if (typeof v === 'string' && UUID.test(v)) {
      if (!ids.has(v)) ids.set(v, `id-${ids.size + 1}`);
      return ids.get(v);
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value);
}

async function userIdOf(t: TestApp, email: string): Promise<string> {
  const { rows } = await t.pool.query<{ id: string }>('select id from users where email = $1', [email]);
  return rows[0]!.id;
}

describe("the lifecycle's executor", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(CASES.map((c, index) => ({ ...c, tag: `exec${index}` })))('$name', async ({ before, event, lines, tag }) => {
    const { me } = await personWithConfirmedContacts(t, tag, [['Luis', 'Díaz']]);
    const userId = await userIdOf(t, `${tag}@example.com`);
    for (const request of before) {
      const reply = await request({ t, me }, randomUUID());
      if (reply) expect(reply.status).toBe(200);
      t.clock.advance(MINUTE);
    }
    const earlier = (await eventsOf(t, userId)).length;
    const key = randomUUID();
    const reply = await event({ t, me }, key);
    const appended = (await eventsOf(t, userId)).slice(earlier);
    // One event, one row, whatever it touched; at the event's moment.
    expect(appended.map((row) => ({ ...row, at: row.at.getTime() }))).toEqual(
      lines.length > 0 ? [{ lines, at: t.clock.now().getTime() }] : [],
    );
    if (!reply) return;
    // The same request again, later, under its key: the same answer, and nothing appended.
    t.clock.advance(MINUTE);
    const replay = await event({ t, me }, key);
    expect(replay).toEqual(reply);
    expect(await eventsOf(t, userId)).toHaveLength(earlier + appended.length);
  });

  it('shows the person, after a duress end while a check-in fired, what a real end shows', async () => {
    const views = [];
    for (const pin of [PIN, DURESS_PIN]) {
      const { me } = await personWithConfirmedContacts(t, `exec-view-${pin}`, [['Luis', 'Díaz']]);
      const ctx = { t, me };
      await pins(ctx, '');
      expect((await checkInFor(60)(ctx, randomUUID()))?.status).toBe(200);
      await checkInDue(ctx, '');
      expect((await end(pin)(ctx, randomUUID()))?.status).toBe(200);
      const current = await t.call('GET', 'check-ins/current', { token: me.access_token });
      const alert = await alertState(t, me);
      // Each person's own alert: its id is theirs, what it says must be the same.
      const endNews = alert.end_news && { ...alert.end_news, alert_id: 'their alert' };
      views.push({ checkIn: current.body, alert: { ...alert, end_news: endNews } });
    }
    expect(views[1]).toEqual(views[0]);
    expect(views[0]).toMatchObject({ checkIn: { success: true, message: null }, alert: { alert_status: false } });
  });

  it("shows the person, at the deadline 'Necesito más tiempo' with the duress PIN showed, what a real extension shows", async () => {
    const views = [];
    for (const pin of [PIN, DURESS_PIN]) {
      const { me } = await personWithConfirmedContacts(t, `exec-extended-${pin}`, [['Luis', 'Díaz']]);
      const ctx = { t, me };
      await pins(ctx, '');
      const set = await checkInFor(60)(ctx, randomUUID());
      expect(set?.status).toBe(200);
      t.clock.advance(MINUTE);
      expect((await extendBy(90, pin)(ctx, randomUUID()))?.status).toBe(200);
      const seen = async () => {
        const current = await t.call('GET', 'check-ins/current', { token: me.access_token });
        const profile = await t.call('GET', 'profile', { token: me.access_token });
        const alert = await alertState(t, me);
        return { checkIn: current.body, alert, alertStatus: (profile.body as { alert_status?: unknown }).alert_status };
      };
      // Past the deadline shown (91 minutes on) and its grace: the worker has fired the real one.
      await checkInDue(ctx, '');
      const running = await seen();
      await checkInDue(ctx, '');
      const fired = await seen();
      // A press then updates the alert shown, as it does a real one.
      const pressed = await position(ctx, randomUUID());
      const after = await seen();
      const origin = new Date((set!.body as { message: { created_at: string } }).message.created_at);
      views.push(normalised({ running, fired, pressed, after }, origin));
    }
    expect(views[1]).toEqual(views[0]);
    expect(views[0]).toMatchObject({
      running: { checkIn: { message: { status: 'running' } }, alert: { alert_status: false } },
      fired: {
        checkIn: { message: { status: 'fired', fired_alert_id: 'id-2' } },
        alert: { alert_status: true, alert: { id: 'id-2', trigger: 'missed-check-in', started_at: '+8460000' } },
      },
      pressed: { body: { message: { alert_status: true, alert_id: 'id-2' } } },
    });
  });

  it('shows the person, after a duress end, the fresh alert a missed check-in starts, as after a real end', async () => {
    const views = [];
    for (const pin of [PIN, DURESS_PIN]) {
      const { me } = await personWithConfirmedContacts(t, `exec-due-${pin}`, [['Luis', 'Díaz']]);
      const ctx = { t, me };
      await pins(ctx, '');
      expect((await sos(ctx, randomUUID()))?.status).toBe(200);
      expect((await end(pin)(ctx, randomUUID()))?.status).toBe(200);
      expect((await checkInFor(60)(ctx, randomUUID()))?.status).toBe(200);
      await checkInDue(ctx, '');
      const state = await alertState(t, me);
      // Started by this check-in, at its firing: never the hidden alert's start.
      const startedNow = state.alert?.started_at === t.clock.now().toISOString();
      views.push({ on: state.alert_status, startedNow, trigger: state.alert?.trigger });
    }
    expect(views[1]).toEqual(views[0]);
    expect(views[0]).toEqual({ on: true, startedNow: true, trigger: 'missed-check-in' });
  });
});
