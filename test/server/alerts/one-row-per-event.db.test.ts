import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertEventKind } from '#shared/alert-event-kinds.ts';
import type { Session } from '#shared/api/auth.ts';
import { PIN_HEADER } from '#shared/api/pins.ts';
import { alertTimeline } from '#server/alerts/alert-events.ts';
import { createReminderWorker } from '#server/alerts/reminders.ts';
import { createCheckInWorker } from '#server/check-ins/check-in-worker.ts';
import { deskCase } from '#server/desk/cases.ts';
import { ackToken } from '#server/message-content/ack-links.ts';
import { MEXICO, personWithConfirmedContacts } from '#test/support/alert-people.ts';
import { DURESS_PIN, PIN, setPins } from '#test/support/pins.ts';
import { createTestApp, type Reply, type TestApp } from '#test/support/test-app.ts';

// "Every event is appended to one alert_events log", literally: one row per event
// (docs/decisions/040). Scripts of a person's actions and the workers' passes (a
// table of the combined events, and random ones) run through the real routes,
// executor and database. After each step, each transaction that wrote to the
// person's log wrote ONE row, and the step at most one. At the end, every
// alert's case as the desk reads it (card and timeline), each contact's 'Lo tengo'
// page and the person's screens must be what they were when each effect wrote a
// row of its own: the snapshot was taken from the code before the change.

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const NOWHERE = { latitude: '', longitude: '', timezone: MEXICO.timezone };
/** Each script starts at its own fixed moment, far from the others: its views do not depend on which ran before. */
const EPOCH = new Date('2027-01-04T15:00:00Z').getTime();
const SCRIPT_GAP = 30 * 24 * 60 * MINUTE;

type Ctx = { t: TestApp; me: Session; emails: string[] };
type Step = (ctx: Ctx) => Promise<Reply | undefined>;

const inMinutes = (t: TestApp, minutes: number) => new Date(t.clock.now().getTime() + minutes * MINUTE).toISOString();
const keyed = () => ({ 'idempotency-key': randomUUID() });
const button =
  (body: Record<string, unknown>): Step =>
  ({ t, me }) =>
    t.call('PUT', 'active-button', { token: me.access_token, body, headers: keyed() });
const checkIn =
  (body: (t: TestApp) => Record<string, unknown>): Step =>
  ({ t, me }) =>
    t.call('PUT', 'check-ins/current', { token: me.access_token, body: body(t), headers: keyed() });
const wait =
  (minutes: number): Step =>
  async ({ t }) => {
    t.clock.advance(minutes * MINUTE);
    return undefined;
  };
const consent =
  (share: boolean): Step =>
  ({ t, me }) =>
    t.call('PUT', 'profile/firm-consent', {
      token: me.access_token,
      body: { share },
      headers: { [PIN_HEADER]: PIN },
    });

/** The alphabet of the scripts: a request of the person's, a contact's 'Lo tengo', a worker's pass, or time. */
const STEPS = {
  sos: button({ alert_status: '1', ...NOWHERE }),
  position: button({ alert_status: '1', ...MEXICO }),
  end: button({ alert_status: '2', ...MEXICO, pin: PIN }),
  duressEnd: button({ alert_status: '2', ...MEXICO, pin: DURESS_PIN }),
  practice: button({ alert_status: '3', ...MEXICO }),
  checkIn: ({ t, me }: Ctx) =>
    t.call('POST', 'check-ins', {
      token: me.access_token,
      body: { purpose: 'cita-inmigracion', place: '26 Federal Plaza', due_at: inMinutes(t, 60), ...MEXICO },
      headers: keyed(),
    }),
  checkInPosition: checkIn(() => ({ action: 'position', ...MEXICO })),
  extend: checkIn((t) => ({ action: 'extend', due_at: inMinutes(t, 90), pin: PIN })),
  duressExtend: checkIn((t) => ({ action: 'extend', due_at: inMinutes(t, 90), pin: DURESS_PIN })),
  ok: checkIn(() => ({ action: 'ok', pin: PIN })),
  duressOk: checkIn(() => ({ action: 'ok', pin: DURESS_PIN })),
  consentOff: consent(false),
  consentOn: consent(true),
  loTengo: async ({ t, me, emails }: Ctx) => {
    const { rows } = await t.pool.query<{ id: string }>(
      'select id from alerts where user_id = $1 order by started_at desc, id limit 1',
      [me.id],
    );
    if (!rows[0]) return undefined;
    return t.call('POST', 'ack', { body: { token: ackToken(t.config.secret, rows[0].id, emails[0]!) } });
  },
  checkInWorker: async ({ t }: Ctx) => {
    await createCheckInWorker({ db: t.db, clock: t.clock, config: t.config, log: t.log }).tick();
    return undefined;
  },
  reminders: async ({ t }: Ctx) => {
    await createReminderWorker({ db: t.db, clock: t.clock, config: t.config, log: t.log }).runDue();
    return undefined;
  },
  mails: async ({ t }: Ctx) => {
    await t.drainOutbox();
    return undefined;
  },
  wait1: wait(1),
  wait7: wait(7),
  wait100: wait(100),
} satisfies Record<string, Step>;
type StepName = keyof typeof STEPS;

/** Every combined event, at least once: each once wrote a row for each alert or check-in it touched. */
const TABLE: { name: string; steps: StepName[]; combined?: AlertEventKind }[] = [
  {
    name: 'a press after a duress end',
    steps: ['sos', 'wait1', 'duressEnd', 'wait1', 'sos', 'wait1', 'end'],
    combined: 'alert-started',
  },
  {
    name: 'a check-in falls due',
    steps: ['checkIn', 'wait100', 'checkInWorker', 'wait1', 'ok'],
    combined: 'check-in-fired',
  },
  {
    name: 'a check-in falls due while an alert ended with the duress PIN goes on',
    steps: ['sos', 'wait1', 'duressEnd', 'wait1', 'checkIn', 'wait100', 'checkInWorker', 'wait1', 'end'],
    combined: 'check-in-fired',
  },
  { name: 'a check-in falls due during an alert', steps: ['sos', 'checkIn', 'wait100', 'checkInWorker', 'end'] },
  {
    name: 'a check-in closed with the duress PIN',
    steps: ['checkIn', 'wait1', 'duressOk', 'wait1', 'ok'],
    combined: 'check-in-closed',
  },
  {
    name: 'a check-in extended with the duress PIN, then due as shown',
    steps: ['checkIn', 'wait1', 'duressExtend', 'wait1', 'extend', 'wait100', 'checkInWorker', 'wait1', 'ok'],
    combined: 'check-in-extended',
  },
  {
    name: 'a fired check-in closed with the duress PIN, then ended for real',
    steps: ['checkIn', 'wait100', 'checkInWorker', 'wait1', 'duressOk', 'wait1', 'sos', 'end'],
    combined: 'check-in-closed',
  },
  {
    name: 'FINALIZAR ALERTA with the duress PIN after a check-in fired',
    steps: ['checkIn', 'wait100', 'checkInWorker', 'wait1', 'duressEnd', 'wait1', 'mails', 'reminders'],
    combined: 'alert-ended-duress',
  },
  {
    name: 'consent taken back and given again while an alert is on',
    steps: ['sos', 'position', 'wait1', 'consentOff', 'wait1', 'consentOn', 'loTengo', 'wait7', 'reminders', 'end'],
  },
];

const stepName = fc.constantFrom<StepName>(
  ...(Object.keys(STEPS) as StepName[]),
  // The events that start or end things, more often than time alone.
  'sos',
  'duressEnd',
  'checkIn',
  'duressOk',
  'duressExtend',
  'wait100',
  'checkInWorker',
);
/** Random scripts, the same ones every run: their views are a snapshot. */
const RANDOM = fc
  .sample(fc.array(stepName, { minLength: 6, maxLength: 16 }), { seed: 40_2811, numRuns: 14 })
  .map((steps, index) => ({ name: `random script ${index + 1}`, steps }));

/** Ids by their order of appearance; times as seconds since the script began. */
function normalised(value: unknown, start: number): unknown {
  const names = new Map<string, string>();
  const text = JSON.stringify(value)
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, (id) => {
      if (!names.has(id)) names.set(id, `<id ${names.size + 1}>`);
      return names.get(id)!;
    })
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g, (iso) => `+${(Date.parse(iso) - start) / SECOND}s`);
  return JSON.parse(text) as unknown;
}

const seen = (reply: Reply) => ({ status: reply.status, body: reply.body });

/** What each reader shows of each of the person's alerts, and what the person's screens show. */
async function views({ t, me, emails }: Ctx) {
  const { rows } = await t.pool.query<{ id: string }>(
    'select id from alerts where user_id = $1 order by started_at, id',
    [me.id],
  );
  const scope = { now: t.clock.now(), retentionDays: t.config.positionRetentionDays, secret: t.config.secret };
  const alerts = [];
  for (const { id } of rows) {
    const contactPages = [];
    for (const email of emails)
      contactPages.push(seen(await t.call('GET', `ack/${ackToken(t.config.secret, id, email)}`)));
    alerts.push({
      timeline: await alertTimeline(t.db, id),
      deskCase: (await deskCase(t.db, scope, id)) ?? null,
      contactPages,
    });
  }
  const person: Record<string, unknown> = {};
  for (const path of ['alert-deliveries', 'practice-deliveries', 'check-ins/current', 'profile'])
    person[path] = seen(await t.call('GET', path, { token: me.access_token }));
  return { alerts, person };
}

/** The person's log rows by the transaction that wrote them: more than one in one is one event written as several. */
async function rowsByTransaction(t: TestApp, userId: string, afterId: number) {
  const { rows } = await t.pool.query<{ rows: number; kinds: string[] }>(
    `select count(*)::int as rows, array_agg(kind order by id) as kinds from alert_events
     where user_id = $1 and id > $2 group by xmin::text order by min(id)`,
    [userId, afterId],
  );
  return rows;
}

const lastRowId = async (t: TestApp) =>
  Number((await t.pool.query<{ id: string | null }>('select max(id) as id from alert_events')).rows[0]!.id ?? 0);

describe('one row of alert_events per event', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([...TABLE, ...RANDOM].map((script, index) => ({ ...script, index })))(
    '$name',
    async ({ steps, index, ...script }) => {
      const start = EPOCH + index * SCRIPT_GAP;
      t.clock.set(new Date(start));
      const { me, emails } = await personWithConfirmedContacts(t, `one-row-${index}`, [
        ['Luis', 'Díaz'],
        ['Ana', 'Ruiz'],
      ]);
      await setPins(t, me);
      expect((await consent(true)({ t, me, emails }))?.status).toBe(200);
      const ctx = { t, me, emails };
      const several: { step: string; kinds: string[] }[] = [];
      for (const name of steps) {
        // No two requests of a phone arrive in the same millisecond: each alert starts at its own moment.
        t.clock.advance(SECOND);
        const before = await lastRowId(t);
        const reply = await STEPS[name](ctx);
        // Random scripts ask for what is not there (a 404, a 409, a 422): never a 500.
        if (reply) expect(reply.status, name).toBeLessThan(500);
        const written = await rowsByTransaction(t, me.id, before);
        for (const { rows, kinds } of written) if (rows > 1) several.push({ step: name, kinds });
        // A step is one event at most (a savepoint's rows count apart from their transaction's): the
        // check-in worker's pass alone may also e-mail the person that their check-in is near.
        const kinds = written.flatMap((w) => w.kinds);
        const events = kinds.filter((kind) => name !== 'checkInWorker' || kind !== 'check-in-reminder-queued');
        if (events.length > 1) several.push({ step: name, kinds });
      }
      expect(normalised(await views(ctx), start)).toMatchSnapshot();
      expect(several).toEqual([]);
      // The table's script met the combined event it is named for: one row, with its lines.
      if ('combined' in script && script.combined) {
        const { rows } = await t.pool.query<{ n: number }>(
          'select count(*)::int as n from alert_events where user_id = $1 and kind = $2 and lines is not null',
          [me.id, script.combined],
        );
        expect(rows[0]!.n).toBeGreaterThan(0);
      }
    },
    60_000,
  );
});
