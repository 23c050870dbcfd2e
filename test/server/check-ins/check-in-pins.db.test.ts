import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/api/auth.ts';
import { checkInMessages, checkInUpdateSchema, type CheckIn } from '#shared/api/check-ins.ts';
import { pinMessages } from '#shared/api/pins.ts';
import { requestBodyHash } from '#server/requests/idempotency.ts';
import { createCheckInWorker, type CheckInWorker } from '#server/check-ins/check-in-worker.ts';
import { withoutPin } from '#server/security/pin-check.ts';
import { ackTokenIn, alertState, MEXICO, personWithConfirmedContacts } from '#test/support/alert-people.ts';
import { mailsTo } from '#test/support/contact-mail.ts';
import { DURESS_PIN, PIN, setPins } from '#test/support/pins.ts';
import { createTestApp, type TestApp } from '#test/support/test-app.ts';

// 'Estoy bien' and 'Necesito más tiempo' with PINs set: the real PIN closes or
// extends as always; the duress PIN gives the person the very same reply, but
// the check-in fires at once, once, and the contacts read that the person may
// have been forced to close it.

const MINUTE = 60_000;
// A check-in answered with the duress PIN: the person did answer, perhaps forced to (not 'no confirmó').
const FORCED_SUBJECT = /^ALERTA: es posible que hayan obligado a Rosa Prueba a cerrar o alargar su aviso$/;
const FORCED =
  'Rosa Prueba cerró o alargó el aviso en la aplicación, pero es posible que le hayan obligado a hacerlo. La alerta sigue activa.';

const inMinutes = (t: TestApp, minutes: number) => new Date(t.clock.now().getTime() + minutes * MINUTE).toISOString();

const startCheckIn = (t: TestApp, me: Session) =>
  t.call('POST', 'check-ins', {
    token: me.access_token,
    body: { purpose: 'cita-inmigracion', place: '26 Federal Plaza', due_at: inMinutes(t, 60), ...MEXICO },
    headers: { 'idempotency-key': randomUUID() },
  });

const updateCheckIn = (t: TestApp, me: Session, body: Record<string, unknown>, key: string = randomUUID()) =>
  t.call('PUT', 'check-ins/current', { token: me.access_token, body, headers: { 'idempotency-key': key } });

async function currentOf(t: TestApp, me: Session): Promise<CheckIn | null> {
  return (await t.call('GET', 'check-ins/current', { token: me.access_token })).body.message as CheckIn | null;
}

async function rowsOf(t: TestApp, email: string) {
  const checkIns = await t.pool.query<{ status: string; fired_alert_id: string | null }>(
    'select c.status, c.fired_alert_id from check_ins c join users u on u.id = c.user_id where u.email = $1',
    [email],
  );
  const alerts = await t.pool.query<{ id: string; status: string; trigger: string; hidden: boolean }>(
    `select a.id, a.status, a.trigger, a.ended_by_duress_at is not null as hidden from alerts a join users u on u.id = a.user_id where u.email = $1`,
    [email],
  );
  return { checkIns: checkIns.rows, alerts: alerts.rows };
}

describe('check-ins with PINs set', () => {
  let t: TestApp;
  let worker: CheckInWorker;
  beforeAll(async () => {
    t = await createTestApp();
    worker = createCheckInWorker({ db: t.db, clock: t.clock, config: t.config, log: t.log });
  });
  afterAll(() => t.close());

  it("'Estoy bien' needs the PIN; the real one closes it and nothing fires", async () => {
    const { me } = await personWithConfirmedContacts(t, 'ci-real', [['Luis', 'Díaz']]);
    await setPins(t, me);
    const checkIn = (await startCheckIn(t, me)).body.message as CheckIn;
    expect(await updateCheckIn(t, me, { action: 'ok' })).toMatchObject({
      status: 422,
      body: { message: pinMessages.pinRequired, errors: { pin: [pinMessages.pinRequired] } },
    });
    expect(await updateCheckIn(t, me, { action: 'extend', due_at: inMinutes(t, 90), pin: '0000' })).toMatchObject({
      status: 422,
      body: { message: pinMessages.pinWrong, errors: { pin: [pinMessages.pinWrong] } },
    });
    // Sending the position needs no PIN.
    expect((await updateCheckIn(t, me, { action: 'position', ...MEXICO })).status).toBe(200);
    const key = randomUUID();
    const ok = await updateCheckIn(t, me, { action: 'ok', pin: PIN }, key);
    expect(ok.body).toEqual({ success: true, message: { ...checkIn, status: 'closed' } });
    // The hash kept with the key leaves the PIN out: a hash of one of 10,000 values gives it away.
    const { rows } = await t.pool.query<{ body_hash: string }>(
      "select body_hash from idempotency_keys where kind = 'check-in' and idempotency_key = $1",
      [key],
    );
    const parsed = v.parse(checkInUpdateSchema, { action: 'ok', pin: PIN });
    expect(rows).toEqual([
      { body_hash: requestBodyHash(t.config.secret, 'check-in-request:update', withoutPin(parsed)) },
    ]);
    t.clock.advance(120 * MINUTE);
    expect((await worker.tick()).fired).toBe(0);
    expect(await rowsOf(t, 'ci-real@example.com')).toEqual({
      checkIns: [{ status: 'closed', fired_alert_id: null }],
      alerts: [],
    });
  });

  it("'Estoy bien' with the duress PIN: the real reply, the check-in fires at once and once, hidden from the person", async () => {
    const { me, emails } = await personWithConfirmedContacts(t, 'ci-coaccion', [['Luis', 'Díaz']]);
    await setPins(t, me);
    const checkIn = (await startCheckIn(t, me)).body.message as CheckIn;
    t.clock.advance(10 * MINUTE);
    const ok = await updateCheckIn(t, me, { action: 'ok', pin: DURESS_PIN });
    expect(JSON.stringify(ok.body)).toBe(JSON.stringify({ success: true, message: { ...checkIn, status: 'closed' } }));
    expect(await currentOf(t, me)).toBeNull();
    expect(await alertState(t, me)).toEqual({ alert_status: false, alert: null, end_news: null });

    const { checkIns, alerts } = await rowsOf(t, 'ci-coaccion@example.com');
    expect(alerts).toEqual([{ id: expect.any(String), status: 'active', trigger: 'missed-check-in', hidden: true }]);
    expect(checkIns).toEqual([{ status: 'fired', fired_alert_id: alerts[0]!.id }]);
    const missed = (await mailsTo(t, emails[0]!)).filter((mail) => FORCED_SUBJECT.test(mail.subject ?? ''));
    expect(missed).toHaveLength(1);
    expect(missed[0]!.text).toContain(FORCED);
    // Whoever forced it may hold the phone: no call.
    expect(missed[0]!.text).toContain('No llames ni escribas a Rosa Prueba');
    expect(missed[0]!.text).not.toContain('Llama ahora');
    expect(missed[0]!.text).toContain('latitud 19.4326, longitud -99.1332');
    expect((await t.call('GET', `ack/${ackTokenIn(missed[0])}`)).body.message).toMatchObject({
      status: 'active',
      trigger: 'missed-check-in',
    });

    // Its deadline passes: nothing fires a second time.
    t.clock.advance(120 * MINUTE);
    expect((await worker.tick()).fired).toBe(0);
    expect((await rowsOf(t, 'ci-coaccion@example.com')).alerts).toHaveLength(1);
    expect((await mailsTo(t, emails[0]!)).filter((mail) => FORCED_SUBJECT.test(mail.subject ?? ''))).toHaveLength(1);
  });

  it("'Necesito más tiempo' with the duress PIN: shown as extended until the new deadline, fired now", async () => {
    const { me, emails } = await personWithConfirmedContacts(t, 'ci-extiende', [['Luis', 'Díaz']]);
    await setPins(t, me);
    const checkIn = (await startCheckIn(t, me)).body.message as CheckIn;
    const dueAt = inMinutes(t, 120);
    const shown = { ...checkIn, due_at: dueAt, remind_at: new Date(Date.parse(dueAt) - 10 * MINUTE).toISOString() };
    const extended = await updateCheckIn(t, me, { action: 'extend', due_at: dueAt, pin: DURESS_PIN });
    expect(JSON.stringify(extended.body)).toBe(JSON.stringify({ success: true, message: shown }));
    expect(await currentOf(t, me)).toEqual(shown);
    expect(await alertState(t, me)).toEqual({ alert_status: false, alert: null, end_news: null });
    const missed = (await mailsTo(t, emails[0]!)).filter((mail) => FORCED_SUBJECT.test(mail.subject ?? ''));
    expect(missed).toHaveLength(1);
    expect(missed[0]!.text).toContain(FORCED);
    expect((await rowsOf(t, 'ci-extiende@example.com')).alerts).toEqual([
      { id: expect.any(String), status: 'active', trigger: 'missed-check-in', hidden: true },
    ]);
    // A new check-in is refused as while any check-in runs.
    expect(await startCheckIn(t, me)).toMatchObject({
      status: 409,
      body: { success: false, message: checkInMessages.running },
    });

    // 'Estoy bien' afterwards answers as closed; the alert stays the contacts'.
    t.clock.advance(30 * MINUTE);
    expect((await updateCheckIn(t, me, { action: 'ok', pin: PIN })).body).toEqual({
      success: true,
      message: { ...shown, status: 'closed' },
    });
    expect(await currentOf(t, me)).toBeNull();
    t.clock.advance(200 * MINUTE);
    expect((await worker.tick()).fired).toBe(0);
    expect((await rowsOf(t, 'ci-extiende@example.com')).alerts).toEqual([
      { id: expect.any(String), status: 'active', trigger: 'missed-check-in', hidden: true },
    ]);
  });

  it("'Estoy bien' with the duress PIN after the check-in fired: answers closed, the alert goes on for the contacts", async () => {
    const { me, emails } = await personWithConfirmedContacts(t, 'ci-tarde', [['Luis', 'Díaz']]);
    await setPins(t, me);
    const checkIn = (await startCheckIn(t, me)).body.message as CheckIn;
    t.clock.advance(65 * MINUTE);
    expect((await worker.tick()).fired).toBe(1);
    const fired = await currentOf(t, me);
    expect(fired).toMatchObject({ status: 'fired' });
    const ok = await updateCheckIn(t, me, { action: 'ok', pin: DURESS_PIN });
    expect(ok.body).toEqual({
      success: true,
      message: { ...checkIn, status: 'closed', fired_alert_id: fired!.fired_alert_id },
    });
    expect(await currentOf(t, me)).toBeNull();
    expect(await alertState(t, me)).toEqual({ alert_status: false, alert: null, end_news: null });
    const mails = await mailsTo(t, emails[0]!);
    expect(mails.filter((mail) => /está bien: su alerta terminó/.test(mail.subject ?? ''))).toEqual([]);
    // The duress PIN was typed on the check-in: the contacts read that it closed it, not that it ended the alert.
    const forced = mails.filter((mail) => FORCED_SUBJECT.test(mail.subject ?? ''));
    expect(forced.map((mail) => (mail.text ?? '').includes(FORCED))).toEqual([true]);
    expect(mails.filter((mail) => /a finalizar su alerta$/.test(mail.subject ?? ''))).toEqual([]);
    expect((await rowsOf(t, 'ci-tarde@example.com')).alerts).toEqual([
      { id: fired!.fired_alert_id, status: 'active', trigger: 'missed-check-in', hidden: true },
    ]);
  });

  it('without PINs, a PIN sent along is ignored', async () => {
    const { me } = await personWithConfirmedContacts(t, 'ci-sin-pin', [['Luis', 'Díaz']]);
    const checkIn = (await startCheckIn(t, me)).body.message as CheckIn;
    expect((await updateCheckIn(t, me, { action: 'ok', pin: '0000' })).body).toEqual({
      success: true,
      message: { ...checkIn, status: 'closed' },
    });
  });
});
