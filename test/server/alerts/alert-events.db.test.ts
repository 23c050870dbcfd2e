import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/api/auth.ts';
import { PIN_HEADER } from '#shared/api/pins.ts';
import { alertTimeline } from '#server/alerts/alert-events.ts';
import { createReminderWorker } from '#server/alerts/reminders.ts';
import { createCheckInWorker } from '#server/check-ins/check-in-worker.ts';
import { pruneExpired } from '#server/retention/prune.ts';
import { ackTokenIn, lastMail, MEXICO, personWithConfirmedContacts, press } from '#test/support/alert-people.ts';
import { DURESS_PIN, PIN, setPins } from '#test/support/pins.ts';
import { createTestApp, type TestApp } from '#test/support/test-app.ts';

// The alert's log: every event of a person's alerts, check-ins and practices,
// written by the real routes and workers in the transaction of the event, read
// back whole and in order. Ids are named by their order of appearance (A1, C1).

const MINUTE = 60_000;
const STARTED = /^ALERTA SOS: Rosa Prueba está en riesgo/;
const NOWHERE = { latitude: '', longitude: '', timezone: MEXICO.timezone };

type Ctx = { t: TestApp; me: Session; emails: string[] };
type Step = (ctx: Ctx) => Promise<unknown>;

const inMinutes = (t: TestApp, minutes: number) => new Date(t.clock.now().getTime() + minutes * MINUTE).toISOString();

async function ok(reply: Promise<{ status: number; body: unknown }>) {
  const { status, body } = await reply;
  expect({ status, body }).toMatchObject({ status: 200 });
}

const sos: Step = ({ t, me }) => ok(press(t, me, { alert_status: '1', ...NOWHERE }));
const position: Step = ({ t, me }) => ok(press(t, me, { alert_status: '1', ...MEXICO }));
const end: Step = ({ t, me }) => ok(press(t, me, { alert_status: '2', ...MEXICO }));
const endWith =
  (pin: string): Step =>
  ({ t, me }) =>
    ok(press(t, me, { alert_status: '2', ...MEXICO, pin }));
const practice: Step = ({ t, me }) => ok(press(t, me, { alert_status: '3', ...MEXICO }));
const pins: Step = ({ t, me }) => setPins(t, me);
const checkInFor =
  (minutes: number): Step =>
  ({ t, me }) =>
    ok(
      t.call('POST', 'check-ins', {
        token: me.access_token,
        body: { purpose: 'cita-inmigracion', place: '26 Federal Plaza', due_at: inMinutes(t, minutes), ...MEXICO },
        headers: { 'idempotency-key': randomUUID() },
      }),
    );
const checkIn =
  (body: Record<string, unknown>): Step =>
  ({ t, me }) =>
    ok(
      t.call('PUT', 'check-ins/current', {
        token: me.access_token,
        body,
        headers: { 'idempotency-key': randomUUID() },
      }),
    );
const extendBy = (minutes: number, pin?: string): Step => {
  return (ctx) => checkIn({ action: 'extend', due_at: inMinutes(ctx.t, minutes), ...(pin ? { pin } : {}) })(ctx);
};
const checkInWorkerTick: Step = ({ t }) =>
  createCheckInWorker({ db: t.db, clock: t.clock, config: t.config, log: t.log }).tick();
const reminderRound: Step = ({ t }) =>
  createReminderWorker({ db: t.db, clock: t.clock, config: t.config, log: t.log }).runDue();
const loTengo: Step = async ({ t, emails }) => {
  const token = ackTokenIn(await lastMail(t, emails[0]!, STARTED));
  await ok(t.call('POST', 'ack', { body: { token } }));
};
const deleteAccount =
  (pin?: string): Step =>
  ({ t, me }) =>
    ok(t.call('DELETE', 'profile', { token: me.access_token, ...(pin ? { headers: { [PIN_HEADER]: pin } } : {}) }));
const wait =
  (minutes: number): Step =>
  async ({ t }) => {
    t.clock.advance(minutes * MINUTE);
  };

/** [actor, kind, alert, the event's check-in, detail]: ids as A1, C1 in order of appearance. */
type Line = [string, string, string | null, string | null, Record<string, unknown> | null];

type LineRow = { actor: string; kind: string; alertId: string | null; detail: Record<string, unknown> | null };

/** The person's log as lines: a combined event's row keeps its lines, in order. */
async function logOf(t: TestApp, email: string): Promise<Line[]> {
  const { rows: events } = await t.pool.query<{
    actor: string;
    kind: string;
    alert_ids: string[];
    check_in_id: string | null;
    detail: Record<string, unknown> | null;
    lines: LineRow[] | null;
  }>(
    `select e.actor, e.kind, e.alert_ids, e.check_in_id, e.detail, e.lines from alert_events e join users u on u.id = e.user_id
     where u.email = $1 order by e.at, e.id`,
    [email],
  );
  const rows = events.flatMap((event) =>
    (event.lines ?? [{ ...event, alertId: event.alert_ids[0] ?? null }]).map((line) => ({
      ...line,
      check_in_id: event.check_in_id,
    })),
  );
  const names = new Map<string, string>();
  const name = (prefix: string, id: string | null) => {
    if (id === null) return null;
    if (!names.has(id)) names.set(id, `${prefix}${[...names.values()].filter((n) => n[0] === prefix).length + 1}`);
    return names.get(id)!;
  };
  return rows.map((row) => {
    const detail = row.detail && { ...row.detail };
    // Our own ids in the detail are named too, in the order they appear.
    for (const key of ['practiceId', 'deliveryId'] as const)
      if (detail && typeof detail[key] === 'string') detail[key] = name(key === 'practiceId' ? 'P' : 'D', detail[key]);
    return [row.actor, row.kind, name('A', row.alertId), name('C', row.check_in_id), detail] satisfies Line;
  });
}

async function rowsOf(t: TestApp, email: string): Promise<number> {
  const { rows } = await t.pool.query<{ n: number }>(
    'select count(*)::int as n from alert_events e join users u on u.id = e.user_id where u.email = $1',
    [email],
  );
  return rows[0]!.n;
}

/** `events`: the rows of the log, one per event (a combined event's lines share one). */
const CASES: { name: string; steps: Step[]; log: Line[]; events: number }[] = [
  {
    name: 'press without a position, its position, end',
    steps: [sos, wait(1), position, wait(1), position, wait(1), end],
    log: [
      ['person', 'alert-started', 'A1', null, { contacts: 2 }],
      ['person', 'position', 'A1', null, { toldContacts: true }],
      ['person', 'position', 'A1', null, { toldContacts: false }],
      ['person', 'alert-ended', 'A1', null, null],
    ],
    events: 4,
  },
  {
    name: "press, a round of reminders, 'Lo tengo', end",
    steps: [sos, wait(6), reminderRound, wait(1), loTengo, wait(1), loTengo, wait(1), end],
    log: [
      ['person', 'alert-started', 'A1', null, { contacts: 2 }],
      ['system', 'reminder-queued', 'A1', null, { round: 1, mails: 2 }],
      // The second press of the same link records nothing new.
      ['contact', 'acknowledged', 'A1', null, { deliveryId: 'D1' }],
      ['person', 'alert-ended', 'A1', null, null],
    ],
    events: 4,
  },
  {
    name: 'press, duress end, a practice, press again',
    steps: [pins, sos, wait(1), endWith(DURESS_PIN), wait(1), practice, wait(1), sos, wait(1), endWith(PIN)],
    log: [
      ['person', 'alert-started', 'A1', null, { contacts: 2 }],
      ['person', 'alert-ended-duress', 'A1', null, null],
      ['person', 'practice', null, null, { practiceId: 'P1', mailed: false }],
      ['person', 'alert-replaced', 'A1', null, null],
      ['person', 'alert-started', 'A2', null, { contacts: 2 }],
      ['person', 'alert-ended', 'A2', null, null],
    ],
    events: 5,
  },
  {
    name: 'a practice, then a check-in set, extended, reminded, and fired when its deadline passed',
    steps: [
      practice,
      wait(1),
      checkInFor(60),
      wait(10),
      extendBy(30),
      wait(25),
      checkInWorkerTick,
      wait(60),
      checkInWorkerTick,
    ],
    log: [
      ['person', 'practice', null, null, { practiceId: 'P1', mailed: true }],
      ['person', 'check-in-set', null, 'C1', null],
      ['person', 'check-in-extended', null, 'C1', null],
      ['system', 'check-in-reminder-queued', null, 'C1', null],
      ['system', 'alert-started', 'A1', 'C1', { contacts: 2 }],
      ['system', 'check-in-fired', 'A1', 'C1', { forced: false, joinedAlert: false }],
    ],
    events: 5,
  },
  {
    name: "a check-in closed with the duress PIN, then extended as the person was shown, then 'Estoy bien'",
    steps: [
      pins,
      checkInFor(60),
      wait(1),
      extendBy(90, DURESS_PIN),
      wait(1),
      extendBy(120, PIN),
      wait(1),
      checkIn({ action: 'ok', pin: PIN }),
    ],
    log: [
      ['person', 'check-in-set', null, 'C1', null],
      ['system', 'alert-started', 'A1', 'C1', { contacts: 2 }],
      ['person', 'check-in-fired', 'A1', 'C1', { forced: true, joinedAlert: false }],
      ['person', 'check-in-extended', 'A1', 'C1', { duress: true }],
      ['person', 'check-in-extended', 'A1', 'C1', { afterDuress: true }],
      ['person', 'check-in-closed', 'A1', 'C1', { afterDuress: true }],
    ],
    events: 4,
  },
  {
    name: "a check-in closed with 'Estoy bien'",
    steps: [checkInFor(60), wait(1), checkIn({ action: 'ok' })],
    log: [
      ['person', 'check-in-set', null, 'C1', null],
      ['person', 'check-in-closed', null, 'C1', null],
    ],
    events: 2,
  },
  {
    name: 'account deletion asked during an alert with the real PIN',
    steps: [pins, sos, wait(1), deleteAccount(PIN)],
    log: [
      ['person', 'alert-started', 'A1', null, { contacts: 2 }],
      ['person', 'deletion-requested', 'A1', null, { scheduled: true, everywhere: true }],
    ],
    events: 2,
  },
  {
    name: 'account deletion asked during an alert with the duress PIN',
    steps: [pins, sos, wait(1), deleteAccount(DURESS_PIN)],
    log: [
      ['person', 'alert-started', 'A1', null, { contacts: 2 }],
      ['person', 'deletion-requested', 'A1', null, { scheduled: false, everywhere: false }],
    ],
    events: 2,
  },
];

describe('the alert_events log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each(CASES.map((c, index) => ({ ...c, tag: `log${index}` })))('$name', async ({ steps, log, events, tag }) => {
    const { me, emails } = await personWithConfirmedContacts(t, tag, [
      ['Luis', 'Díaz'],
      ['Ana', 'Ruiz'],
    ]);
    for (const step of steps) await step({ t, me, emails });
    expect(await logOf(t, `${tag}@example.com`)).toEqual(log);
    expect(await rowsOf(t, `${tag}@example.com`)).toBe(events);
  });

  it("an alert's timeline adds, from the outbox, each contact's alert e-mail the mail server took", async () => {
    const { me, emails } = await personWithConfirmedContacts(t, 'timeline', [
      ['Luis', 'Díaz'],
      ['Ana', 'Ruiz'],
    ]);
    const started = await press(t, me, { alert_status: '1', ...MEXICO });
    const alertId = (started.body.message as { alert_id: string }).alert_id;
    const startedAt = t.clock.now();
    t.clock.advance(MINUTE);
    await t.drainOutbox();
    const sentAt = t.clock.now();
    t.clock.advance(MINUTE);
    await end({ t, me, emails });
    expect(await alertTimeline(t.db, alertId)).toEqual([
      { actor: 'person', kind: 'alert-started', at: startedAt, detail: { contacts: 2 } },
      { actor: 'system', kind: 'delivery-sent', at: sentAt, detail: { attempts: 1 } },
      { actor: 'system', kind: 'delivery-sent', at: sentAt, detail: { attempts: 1 } },
      { actor: 'person', kind: 'alert-ended', at: t.clock.now(), detail: null },
    ]);
  });

  it('goes with the retention purge once its alert is over, never while it is on, and with the account', async () => {
    const { me: over, emails } = await personWithConfirmedContacts(t, 'purge-over', [['Luis', 'Díaz']]);
    const { me: on } = await personWithConfirmedContacts(t, 'purge-on', [['Luis', 'Díaz']]);
    await sos({ t, me: over, emails });
    await end({ t, me: over, emails });
    await sos({ t, me: on, emails });
    t.clock.advance((t.config.positionRetentionDays + 1) * 24 * 60 * MINUTE);
    await pruneExpired(t.db, t.clock.now(), t.config);
    expect(await logOf(t, 'purge-over@example.com')).toEqual([]);
    expect((await logOf(t, 'purge-on@example.com')).map((line) => line[1])).toEqual(['alert-started']);
    await end({ t, me: on, emails });
    const { rows } = await t.pool.query<{ id: string }>('select id from users where email = $1', [
      'purge-on@example.com',
    ]);
    await t.pool.query('delete from users where id = $1', [rows[0]!.id]);
    const left = await t.pool.query('select count(*)::int as n from alert_events where user_id = $1', [rows[0]!.id]);
    expect(left.rows).toEqual([{ n: 0 }]);
  });
});
