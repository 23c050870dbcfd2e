import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/api/auth.ts';
import { createReminderWorker } from '#server/alerts/reminders.ts';
import type { AlertStarter } from '#server/deps.ts';
import { MEXICO, personWithOptedOutContact, press, type PersonWithOptOut } from '#test/support/alert-people.ts';
import { createTestApp, type Reply, type TestApp } from '#test/support/test-app.ts';

// A press that starts an alert is written either by the one statement that
// writes the presses of the same moment together (start-alert-at-once.ts) or,
// when that one declines (a race, a refused statement), inside the request's
// transaction (alert-actions.ts). Which one runs depends on timing, so each is
// forced here, on an app of its own, and the same presses must leave the same
// rows and e-mails behind on both: whole rows, ids and tokens aside.

type Path = { name: string; app: TestApp; answeredAtOnce: string[] };

async function pathApp(name: string, declines: boolean): Promise<Path> {
  const answeredAtOnce: string[] = [];
  const alertStarter =
    (made: AlertStarter): AlertStarter =>
    async (press) => {
      if (declines) return undefined;
      const answer = await made(press);
      if (answer?.kind === 'answered') answeredAtOnce.push(press.key);
      return answer;
    };
  return { name, app: await createTestApp({ alertStarter }), answeredAtOnce };
}

/** Every row the person's alerts, presses and e-mails wrote, in an order both apps share. */
async function rowsOf(t: TestApp, me: Session) {
  const query = async (text: string) => (await t.pool.query(text, [me.id])).rows as Record<string, unknown>[];
  const outbox = await query('select * from outbox where user_id = $1 order by id');
  // Serial ids differ between databases: an e-mail is named by its place among the person's.
  const place = new Map(outbox.map((row, i) => [row.id, `outbox#${i}`]));
  const deliveries = await query(
    'select * from alert_deliveries where user_id = $1 order by created_at, contact_email',
  );
  return {
    user: await query('select alert_status, updated_at from users where id = $1'),
    requests: await query(
      "select user_id, idempotency_key, body_hash, reply, created_at from idempotency_keys where user_id = $1 and kind = 'alert' order by created_at, idempotency_key",
    ),
    alerts: await query('select * from alerts where user_id = $1 order by started_at'),
    practices: await query('select * from practice_alerts where user_id = $1 order by started_at'),
    reminders: await query(
      'select r.* from alert_reminders r join alerts a on a.id = r.alert_id where a.user_id = $1 order by a.started_at, r.round',
    ),
    optOuts: await query('select * from opt_outs where user_id = $1 order by email'),
    outbox: outbox.map((row): Record<string, unknown> => ({ ...row, id: place.get(row.id) })),
    deliveries: deliveries.map((row): Record<string, unknown> => ({
      ...row,
      id: undefined,
      outbox_id: place.get(row.outbox_id) ?? row.outbox_id,
    })),
  };
}

/** Every e-mail the person's contacts received, as a mail client shows it. */
async function mailsOf(t: TestApp, person: PersonWithOptOut) {
  await t.drainOutbox();
  const contacts = new Set([person.confirmed, person.pending, person.optedOut]);
  return (await t.inbox())
    .filter((mail) => contacts.has(mail.to && !Array.isArray(mail.to) ? mail.to.text : ''))
    .map((mail) => ({
      to: mail.to && !Array.isArray(mail.to) ? mail.to.text : '',
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    }));
}

const RANDOM =
  /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{43}(?![A-Za-z0-9_-])/g;

/**
 * Ids and tokens (random, or derived from a random id) become names in the
 * order they first appear, so that two of them that must be equal stay equal.
 */
function normalised(value: unknown): unknown {
  const names = new Map<string, string>();
  const walk = (item: unknown): unknown => {
    if (typeof item === 'string') {
      return item.replace(RANDOM, (found) => {
        if (!names.has(found)) names.set(found, `<random ${names.size}>`);
        return names.get(found)!;
      });
    }
    if (item instanceof Date) return item.toISOString();
    if (Array.isArray(item)) return item.map(walk);
    if (item && typeof item === 'object')
      return Object.fromEntries(Object.entries(item).map(([key, field]) => [key, walk(field)]));
    return item;
  };
  return walk(value);
}

const reply = (answer: Reply) => ({ status: answer.status, body: answer.body });
const ended = { alert_status: '2' };
const NO_POSITION = { alert_status: '1', latitude: '', longitude: '', timezone: 'America/Mexico_City' };

/** `sendFirst`: what is queued leaves before the press (an end before the start left would withdraw it). */
type Step = { key: string; body: Record<string, unknown>; advanceMs?: number; remind?: boolean; sendFirst?: boolean };

describe('the one statement and the transaction', () => {
  let batch: Path;
  let transaction: Path;
  beforeAll(async () => {
    [batch, transaction] = await Promise.all([pathApp('one statement', false), pathApp('transaction', true)]);
  });
  afterAll(() => Promise.all([batch.app.close(), transaction.app.close()]));

  /** The same presses, at the same moments, on both apps: their answers, the rows and the e-mails they left. */
  async function playOnBoth(tag: string, steps: Step[]) {
    const played = async ({ app }: Path) => {
      const person = await personWithOptedOutContact(app, tag);
      const reminders = createReminderWorker({ db: app.db, clock: app.clock, config: app.config, log: app.log });
      const answers = [];
      for (const step of steps) {
        app.clock.advance(step.advanceMs ?? 1_000);
        if (step.remind) await reminders.runDue();
        if (step.sendFirst) await app.drainOutbox();
        answers.push(reply(await press(app, person.me, step.body, step.key)));
      }
      // The rows as written (the outbox keeps an e-mail's data only until it is sent), then as sent.
      const queued = await rowsOf(app, person.me);
      const mails = await mailsOf(app, person);
      return { person, answers, queued, rows: await rowsOf(app, person.me), mails };
    };
    // One app after the other: both clocks see the same moments.
    const onBatch = await played(batch);
    const onTransaction = await played(transaction);
    const compared = ({ answers, queued, rows, mails }: typeof onBatch) => normalised({ answers, queued, rows, mails });
    expect(compared(onBatch)).toEqual(compared(onTransaction));
    return { ...onTransaction, batchAnswers: onBatch.answers };
  }

  /** The subjects of the e-mails to `to`, the invitation aside. */
  const subjects = (mails: { to: string; subject?: string }[], to: string) =>
    mails
      .filter((mail) => mail.to === to && !mail.subject?.endsWith('te agregó como contacto de emergencia'))
      .map((mail) => mail.subject);

  it('write the same start, first position, reminder, end and replays, e-mailed only to the contacts who accepted and did not opt out', async () => {
    batch.answeredAtOnce.length = 0;
    const steps: Step[] = [
      { key: 'start-no-position', body: NO_POSITION },
      { key: 'start-no-position', body: NO_POSITION },
      { key: 'first-position', body: { alert_status: '1', ...MEXICO } },
      { key: 'first-position', body: { alert_status: '1', ...MEXICO } },
      { key: 'after-reminder', body: { alert_status: '1', ...MEXICO }, advanceMs: 5 * 60_000, remind: true },
      { key: 'end-of-alert', body: ended, sendFirst: true },
      { key: 'end-of-alert', body: ended },
      // The phone never heard the first answer and sends the start again, after the end.
      { key: 'start-no-position', body: NO_POSITION, advanceMs: 60_000 },
    ];
    const { person, answers, queued, rows, mails } = await playOnBoth('camino', steps);
    // The one statement wrote the start and answered the replays of a '1' from the stored reply.
    expect(batch.answeredAtOnce).toEqual([
      'start-no-position',
      'start-no-position',
      'first-position',
      'start-no-position',
    ]);
    expect(transaction.answeredAtOnce).toEqual([]);

    const alertId = (answers[0]!.body.message as { alert_id: string }).alert_id;
    const on = { status: 200, body: { success: true, message: { alert_status: true, alert_id: alertId } } };
    const off = {
      status: 200,
      body: { success: true, message: { alert_status: false, alert_id: alertId, contacts_told: 'all' } },
    };
    expect(answers).toEqual([on, on, on, on, on, off, off, on]);
    expect(rows.alerts).toEqual([expect.objectContaining({ id: alertId, status: 'ended', latitude: MEXICO.latitude })]);
    expect(rows.requests.map((request) => request.idempotency_key)).toEqual([
      'start-no-position',
      'first-position',
      'after-reminder',
      'end-of-alert',
    ]);
    expect(rows.deliveries.map((delivery) => delivery.contact_email)).toEqual([person.confirmed]);
    expect(subjects(mails, person.confirmed)).toEqual([
      'ALERTA SOS: Rosa Prueba está en riesgo',
      'ALERTA SOS: ubicación de Rosa Prueba',
      'Recordatorio: Rosa Prueba sigue en riesgo y nadie ha confirmado su alerta SOS',
      'Rosa Prueba finalizó su alerta SOS',
    ]);
    expect(subjects(mails, person.pending)).toEqual([]);
    expect(subjects(mails, person.optedOut)).toEqual([]);
    // Every alert e-mail is kept as the data its template renders when it is sent, and named by its alert;
    // the data goes once it is sent (those before the end were sent before it was pressed).
    const alertMails = queued.outbox.filter((row) => String(row.kind).startsWith('alert-'));
    expect(
      alertMails.map((row) => ({
        kind: row.kind,
        status: row.status,
        data: row.template_data !== null,
        html: row.html !== null,
        alert: row.alert_id,
      })),
    ).toEqual([
      { kind: 'alert-started', status: 'sent', data: false, html: false, alert: alertId },
      { kind: 'alert-position', status: 'sent', data: false, html: false, alert: alertId },
      { kind: 'alert-reminder', status: 'sent', data: false, html: false, alert: alertId },
      { kind: 'alert-ended', status: 'pending', data: true, html: false, alert: alertId },
    ]);
  });

  it('write the same start with a position, a press during it, a reused key and a practice', async () => {
    batch.answeredAtOnce.length = 0;
    const steps: Step[] = [
      { key: 'practice-before', body: { alert_status: '3', ...MEXICO } },
      { key: 'start-here', body: { alert_status: '1', ...MEXICO, pressed_at: '2026-03-01T11:50:00.000Z' } },
      {
        key: 'during-alert',
        body: { alert_status: '1', latitude: '19.5', longitude: '-99.2', timezone: 'America/Mexico_City' },
      },
      { key: 'start-here', body: NO_POSITION },
      { key: 'practice-during', body: { alert_status: '3', ...MEXICO } },
    ];
    const { person, answers, rows, mails } = await playOnBoth('durante', steps);
    expect(batch.answeredAtOnce).toEqual(['start-here']);

    const alertId = (answers[1]!.body.message as { alert_id: string }).alert_id;
    const practiceId = (answers[0]!.body.message as { practice_id: string }).practice_id;
    expect(answers).toEqual([
      {
        status: 200,
        body: { success: true, message: { alert_status: false, alert_id: null, practice_id: practiceId } },
      },
      { status: 200, body: { success: true, message: { alert_status: true, alert_id: alertId } } },
      { status: 200, body: { success: true, message: { alert_status: true, alert_id: alertId } } },
      { status: 422, body: expect.objectContaining({ success: false }) },
      { status: 200, body: { success: true, message: { alert_status: true, alert_id: alertId, practice_id: null } } },
    ]);
    expect(rows.alerts).toEqual([
      expect.objectContaining({ id: alertId, status: 'active', latitude: '19.5', longitude: '-99.2' }),
    ]);
    expect(subjects(mails, person.confirmed)).toEqual([
      'PRUEBA: alerta de prueba de Rosa Prueba (no es una emergencia)',
      'ALERTA SOS: Rosa Prueba está en riesgo',
    ]);
    expect(subjects(mails, person.pending)).toEqual([]);
    expect(subjects(mails, person.optedOut)).toEqual([]);
  });
});
