import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/api/auth.ts';
import { createEscalationWorker, type EscalationWorker } from '#server/desk/escalation.ts';
import { PRIORITY } from '#server/messages/priority.ts';
import { MEXICO, personWithConfirmedContacts, press } from '#test/support/alert-people.ts';
import { newestAlertId, shareWithFirm } from '#test/support/desk-people.ts';
import { staffBearer } from '#test/support/staff.ts';
import { createTestApp, type TestApp } from '#test/support/test-app.ts';

// An alert nobody at the desk takes within DESK_ESCALATE_MINUTES goes to the
// staff on call (or every responder), and after twice that to every admin;
// each round once, however many instances look. Driven by the injected clock.

const MINUTE = 60_000;
const SUBJECT = /^Alerta sin atender desde hace \d+ minutos?$/;

function workerOf(t: TestApp): EscalationWorker {
  return createEscalationWorker({ db: t.db, clock: t.clock, config: t.config, log: t.log });
}

/** Who got an escalation e-mail about one alert (by the case it links), and its subject. */
async function escalationMails(t: TestApp, alertId: string): Promise<{ to: string; subject: string; link: string }[]> {
  await t.drainOutbox();
  return (await t.inbox())
    .filter((mail) => SUBJECT.test(mail.subject ?? '') && (mail.text ?? '').includes(`/web/desk/${alertId}`))
    .map((mail) => ({
      to: mail.to && !Array.isArray(mail.to) ? (mail.to.value[0]?.address ?? '') : '',
      subject: mail.subject ?? '',
      link: /https?:\/\/\S+\/web\/desk\/\S+/.exec(mail.text ?? '')?.[0] ?? '',
    }))
    .sort((x, y) => x.to.localeCompare(y.to));
}

async function setOnCall(t: TestApp, staffId: string, onCall: boolean): Promise<void> {
  await t.pool.query('update staff set on_call = $2 where id = $1', [staffId, onCall]);
}

async function pressingPerson(t: TestApp, tag: string, share = true): Promise<{ me: Session; alertId: string }> {
  const { me } = await personWithConfirmedContacts(t, tag, [['Luis', 'Díaz']]);
  if (share) await shareWithFirm(t, me);
  expect((await press(t, me, { alert_status: '1', ...MEXICO })).status).toBe(200);
  return { me, alertId: await newestAlertId(t, me) };
}

describe('escalation of an alert nobody attends', () => {
  let t: TestApp;
  let worker: EscalationWorker;
  let onCall: { staffId: string; email: string };
  let offCall: { staffId: string; email: string };
  let admin: { staffId: string; email: string };

  beforeAll(async () => {
    t = await createTestApp({ env: { DESK_ESCALATE_MINUTES: '2' } });
    worker = workerOf(t);
    onCall = await staffBearer(t, { role: 'responder', email: 'guardia@firma.example' });
    offCall = await staffBearer(t, { role: 'responder', email: 'libre@firma.example' });
    admin = await staffBearer(t, { role: 'admin', email: 'jefa@firma.example' });
  });
  afterAll(() => t.close());

  it('tells the staff on call at 2 minutes and every admin at 4, each once, with a link to the case', async () => {
    await setOnCall(t, onCall.staffId, true);
    const { me, alertId } = await pressingPerson(t, 'escala');
    const caseLink = `${t.config.publicUrl}/web/desk/${alertId}`;

    t.clock.advance(2 * MINUTE - 1);
    expect(await worker.runDue()).toBe(0);
    t.clock.advance(1);
    expect(await worker.runDue()).toBe(1);
    expect(await worker.runDue()).toBe(0);
    expect(await escalationMails(t, alertId)).toEqual([
      { to: onCall.email, subject: 'Alerta sin atender desde hace 2 minutos', link: caseLink },
    ]);

    t.clock.advance(2 * MINUTE);
    expect(await worker.runDue()).toBe(1);
    t.clock.advance(10 * MINUTE);
    expect(await worker.runDue()).toBe(0);
    expect(await escalationMails(t, alertId)).toEqual([
      { to: onCall.email, subject: 'Alerta sin atender desde hace 2 minutos', link: caseLink },
      { to: admin.email, subject: 'Alerta sin atender desde hace 4 minutos', link: caseLink },
    ]);
    const logged = await t.pool.query(
      'select kind, detail from alert_events where alert_ids @> array[$1]::uuid[] and kind = $2',
      [alertId, 'desk-escalated'],
    );
    expect(logged.rows).toEqual([
      { kind: 'desk-escalated', detail: { round: 1, staff: 1 } },
      { kind: 'desk-escalated', detail: { round: 2, staff: 1 } },
    ]);
    await endAlert(t, me);
  });

  it('goes in the alert lane, behind everyone’s first alert e-mails, and names no client', async () => {
    await setOnCall(t, onCall.staffId, true);
    const { me, alertId } = await pressingPerson(t, 'escala-carril');
    t.clock.advance(2 * MINUTE);
    expect(await worker.runDue()).toBe(1);
    const { rows } = await t.pool.query(
      `select kind, priority, turn, user_id as "userId", recipient, alert_id as "alertId" from outbox
        where kind = 'desk-escalation' and alert_id = $1`,
      [alertId],
    );
    expect(rows).toEqual([
      { kind: 'desk-escalation', priority: PRIORITY.alert, turn: 1, userId: null, recipient: onCall.email, alertId },
    ]);
    await t.drainOutbox();
    const sent = (await t.inbox()).find((m) => (m.text ?? '').includes(`/web/desk/${alertId}`));
    expect([sent?.subject, sent?.text?.includes('Rosa'), sent?.text?.includes(MEXICO.latitude)]).toEqual([
      'Alerta sin atender desde hace 2 minutos',
      false,
      false,
    ]);
    await setOnCall(t, onCall.staffId, false);
    await endAlert(t, me);
  });

  it('with nobody on call, tells every responder', async () => {
    const { me, alertId } = await pressingPerson(t, 'escala-nadie');
    t.clock.advance(2 * MINUTE);
    expect(await worker.runDue()).toBe(2);
    expect((await escalationMails(t, alertId)).map((mail) => mail.to)).toEqual([offCall.email, onCall.email].sort());
    await endAlert(t, me);
  });

  it('sends each round once when two instances look at the same moment', async () => {
    await setOnCall(t, onCall.staffId, true);
    const { me, alertId } = await pressingPerson(t, 'escala-doble');
    t.clock.advance(2 * MINUTE);
    const other = workerOf(await sameDatabase());
    const counts = await Promise.all([worker.runDue(), other.runDue(), worker.runDue(), other.runDue()]);
    expect(counts.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect((await escalationMails(t, alertId)).map((mail) => mail.to)).toEqual([onCall.email]);
    await setOnCall(t, onCall.staffId, false);
    await endAlert(t, me);
  });

  it('tells nobody of an alert someone took, an alert that ended, or a person who does not share alerts', async () => {
    await setOnCall(t, onCall.staffId, true);
    const taken = await pressingPerson(t, 'escala-tomada');
    // What 'Atender' writes: a 'desk-claimed' line in the alert's log.
    await t.pool.query(
      `insert into alert_events (user_id, alert_ids, actor, kind, at, detail) values ($1, array[$2]::uuid[], 'staff', 'desk-claimed', $3, $4)`,
      [taken.me.id, taken.alertId, t.clock.now(), { staffId: onCall.staffId }],
    );
    const ended = await pressingPerson(t, 'escala-fin');
    expect((await press(t, ended.me, { alert_status: '2' })).status).toBe(200);
    const hidden = await pressingPerson(t, 'escala-privada', false);
    t.clock.advance(10 * MINUTE);
    expect(await worker.runDue()).toBe(0);
    for (const alertId of [taken.alertId, ended.alertId, hidden.alertId])
      expect(await escalationMails(t, alertId)).toEqual([]);
    await setOnCall(t, onCall.staffId, false);
    await endAlert(t, taken.me);
    await endAlert(t, hidden.me);
  });

  let second: TestApp | undefined;
  async function sameDatabase(): Promise<TestApp> {
    second ??= await createTestApp({ database: t.database, clock: t.clock, env: { DESK_ESCALATE_MINUTES: '2' } });
    return second;
  }
  afterAll(() => second?.close({ keepDatabase: true }));
});

/** Each test ends its alerts, so that the next finds only its own to escalate. */
async function endAlert(t: TestApp, me: Session): Promise<void> {
  expect((await press(t, me, { alert_status: '2' })).status).toBe(200);
}
