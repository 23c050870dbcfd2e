import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeButtonSchema } from '#shared/api/active-button.ts';
import type { Session } from '#shared/api/auth.ts';
import { pinMessages } from '#shared/api/pins.ts';
import { requestBodyHash } from '#server/requests/idempotency.ts';
import { createReminderWorker } from '#server/alerts/reminders.ts';
import { withoutPin } from '#server/security/pin-check.ts';
import {
  ackTokenIn,
  alertState,
  lastMail,
  MEXICO,
  personWithConfirmedContacts,
  press,
} from '#test/support/alert-people.ts';
import { mailsTo, verifyTokenIn } from '#test/support/contact-mail.ts';
import { DURESS_PIN, outboxKinds, PIN, setPins } from '#test/support/pins.ts';
import { createTestApp, type TestApp } from '#test/support/test-app.ts';

// FINALIZAR ALERTA with PINs set: the real PIN ends the alert; the duress PIN
// gives the person exactly the same answers as a real end, while for the
// contacts the alert goes on (reminders, 'Lo tengo') and each of them reads
// that the person may have been forced to end it.

const MINUTE = 60_000;
const STARTED = /^(ALERTA SOS: Rosa Prueba está en riesgo|SOS ALERT: Rosa Prueba is in danger)$/;
const ENDED = /^(Rosa Prueba finalizó su alerta SOS|Rosa Prueba has ended their SOS alert)$/;
const DURESS_ES = 'ALERTA: es posible que hayan obligado a Rosa Prueba a finalizar su alerta';
const DURESS_EN = 'ALERT: Rosa Prueba may have been forced to end their alert';
const REMINDER = /^Recordatorio: Rosa Prueba sigue en riesgo/;

const end = (t: TestApp, me: Session, pin?: string) =>
  press(t, me, { alert_status: '2', ...MEXICO, ...(pin === undefined ? {} : { pin }) });

async function alertRows(t: TestApp, email: string) {
  const { rows } = await t.pool.query<{
    id: string;
    status: string;
    ended_at: Date | null;
    hidden: boolean;
    alert_status: boolean;
  }>(
    `select a.id, a.status, a.ended_at, a.ended_by_duress_at is not null as hidden, u.alert_status
     from alerts a join users u on u.id = a.user_id where u.email = $1 order by a.started_at`,
    [email],
  );
  return rows;
}

/** A person with PINs, Luis (Spanish) and Mary (English), and an alert on. */
async function alertWithPins(t: TestApp, tag: string) {
  const { me, emails } = await personWithConfirmedContacts(t, tag, [
    ['Luis', 'Díaz'],
    ['Mary', 'Smith'],
  ]);
  const contacts = (await t.call('GET', 'contacts', { token: me.access_token })).body.message as {
    id: string;
    email: string;
  }[];
  const mary = contacts.find((contact) => contact.email === emails[1])!;
  expect(
    (await t.call('PATCH', `contacts/${mary.id}`, { token: me.access_token, body: { language: 'en' } })).status,
  ).toBe(200);
  await setPins(t, me);
  const started = await press(t, me, { alert_status: '1', ...MEXICO });
  const alertId = (started.body.message as { alert_id: string }).alert_id;
  const tokens = await Promise.all(emails.map(async (email) => ackTokenIn(await lastMail(t, email, STARTED))));
  return { me, emails, alertId, tokens };
}

describe('FINALIZAR ALERTA with PINs set', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('asks for the PIN, refuses a wrong one, and ends the alert with the real one', async () => {
    const { me, emails, alertId, tokens } = await alertWithPins(t, 'real');
    expect(await end(t, me)).toMatchObject({
      status: 422,
      body: { success: false, message: pinMessages.pinRequired, errors: { pin: [pinMessages.pinRequired] } },
    });
    expect(await end(t, me, '0000')).toMatchObject({
      status: 422,
      body: { success: false, message: pinMessages.pinWrong, errors: { pin: [pinMessages.pinWrong] } },
    });
    expect((await alertState(t, me)).alert?.id).toBe(alertId);

    const ended = await end(t, me, PIN);
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({
      success: true,
      message: { alert_status: false, alert_id: alertId, contacts_told: 'all' },
    });
    expect(await alertState(t, me)).toEqual({
      alert_status: false,
      alert: null,
      end_news: { alert_id: alertId, contacts_told: 'all' },
    });
    expect(await alertRows(t, 'real@example.com')).toEqual([
      { id: alertId, status: 'ended', ended_at: expect.any(Date), hidden: false, alert_status: false },
    ]);
    expect((await t.call('GET', `ack/${tokens[0]}`)).body.message).toMatchObject({ status: 'ended', forced: false });
    for (const email of emails)
      expect((await mailsTo(t, email)).filter((mail) => ENDED.test(mail.subject ?? ''))).toHaveLength(1);
    expect((await outboxKinds(t, 'real@example.com')).map((row) => row.kind)).toEqual([
      'alert-started',
      'alert-started',
      'alert-ended',
      'alert-ended',
    ]);
  });

  it('with the duress PIN: the same reply as a real end, the person sees no alert, the contacts see it go on', async () => {
    const reminders = createReminderWorker({ db: t.db, clock: t.clock, config: t.config, log: t.log });
    const { me, emails, alertId, tokens } = await alertWithPins(t, 'coaccion');
    t.clock.advance(MINUTE);
    const key = crypto.randomUUID();
    const ended = await press(t, me, { alert_status: '2', ...MEXICO, pin: DURESS_PIN }, key);
    // Byte for byte what the real PIN answers.
    expect(ended.status).toBe(200);
    expect(JSON.stringify(ended.body)).toBe(
      JSON.stringify({ success: true, message: { alert_status: false, alert_id: alertId, contacts_told: 'all' } }),
    );
    // A replay of the same request (the offline queue) answers the same.
    expect((await press(t, me, { alert_status: '2', ...MEXICO, pin: DURESS_PIN }, key)).body).toEqual(ended.body);

    // Every reply to the person: no alert, exactly as after a real end.
    expect(await alertState(t, me)).toEqual({
      alert_status: false,
      alert: null,
      end_news: { alert_id: alertId, contacts_told: 'all' },
    });
    expect((await end(t, me, PIN)).body).toEqual({ success: true, message: { alert_status: false, alert_id: null } });
    expect((await end(t, me, DURESS_PIN)).body).toEqual({
      success: true,
      message: { alert_status: false, alert_id: null },
    });
    const refreshed = await t.post('refresh', { refresh_token: me.refresh_token });
    expect(refreshed.body.message).toMatchObject({ alert_status: false });
    const now = refreshed.body.message as Session;

    // For the contacts it goes on: nothing ended, nothing deleted.
    expect(await alertRows(t, 'coaccion@example.com')).toEqual([
      { id: alertId, status: 'active', ended_at: null, hidden: true, alert_status: false },
    ]);
    expect((await t.call('GET', `ack/${tokens[0]}`)).body.message).toMatchObject({
      status: 'active',
      forced: true,
      acknowledged_at: null,
    });

    // One e-mail each, in the contact's language, at alert priority, with the 'Lo tengo' link; no 'ended' e-mail.
    const [luis, mary] = await Promise.all(emails.map((email) => mailsTo(t, email)));
    const luisDuress = luis!.filter((mail) => mail.subject === DURESS_ES);
    const maryDuress = mary!.filter((mail) => mail.subject === DURESS_EN);
    expect(luisDuress).toHaveLength(1);
    expect(maryDuress).toHaveLength(1);
    expect(luisDuress[0]!.text).toContain(
      'Rosa Prueba finalizó su alerta SOS en la aplicación, pero es posible que le hayan obligado a hacerlo.',
    );
    expect(luisDuress[0]!.text).toContain('La alerta sigue activa');
    expect(luisDuress[0]!.text).toContain('latitud 19.4326, longitud -99.1332');
    expect(ackTokenIn(luisDuress[0])).toBe(tokens[0]);
    // Whoever forced the end may hold the phone: the contacts are told not to call, and what to do instead.
    expect(luisDuress[0]!.text).toContain('No llames ni escribas a Rosa Prueba: otra persona puede tener su teléfono');
    expect(luisDuress[0]!.text).toContain('Avisa a su familia y a su abogado');
    expect(luisDuress[0]!.text).not.toMatch(/Llama ahora|llámale/);
    expect(luisDuress[0]!.html).not.toMatch(/Llama ahora|llámale/);
    expect(maryDuress[0]!.text).toContain('Do not call or text Rosa Prueba: someone else may have their phone');
    expect(maryDuress[0]!.text).not.toMatch(/Call Rosa|call them at/);
    expect(maryDuress[0]!.text).toContain(
      'Rosa Prueba ended their SOS alert in the app, but may have been forced to do so.',
    );
    expect(ackTokenIn(maryDuress[0])).toBe(tokens[1]);
    expect(luis!.filter((mail) => ENDED.test(mail.subject ?? ''))).toEqual([]);
    expect(await outboxKinds(t, 'coaccion@example.com')).toEqual([
      { kind: 'alert-started', recipient: emails[0], priority: 0 },
      { kind: 'alert-started', recipient: emails[1], priority: 0 },
      { kind: 'alert-duress', recipient: emails[0], priority: 0 },
      { kind: 'alert-duress', recipient: emails[1], priority: 0 },
    ]);

    // Reminders keep going while nobody acknowledged.
    t.clock.advance(4 * MINUTE);
    expect(await reminders.runDue()).toBe(2);
    expect(await lastMail(t, emails[0]!, REMINDER)).toBeDefined();
    // 'Lo tengo' works, and the person still sees nothing.
    expect((await t.post('ack', { token: tokens[0] })).status).toBe(200);
    expect((await t.call('GET', `ack/${tokens[0]}`)).body.message).toMatchObject({
      status: 'active',
      forced: true,
      acknowledged_at: expect.any(String),
    });
    expect(await alertState(t, now)).toEqual({
      alert_status: false,
      alert: null,
      end_news: { alert_id: alertId, contacts_told: 'all' },
    });
  });

  it('the duress e-mail goes only to the contacts who got the alert, not to one confirmed since', async () => {
    const { me, emails } = await alertWithPins(t, 'despues');
    const late = 'despues-ana@example.com';
    const body = { firstname: 'Ana', lastname: 'Ruiz', email: late, phone: '+13055550111', kinship: 'Hermana' };
    expect((await t.call('POST', 'contacts', { token: me.access_token, body })).status).toBe(200);
    expect((await t.call('GET', `verify-contact/${verifyTokenIn((await mailsTo(t, late))[0])}`)).status).toBe(200);
    await end(t, me, DURESS_PIN);
    expect(
      (await outboxKinds(t, 'despues@example.com'))
        .filter((row) => row.kind === 'alert-duress')
        .map((row) => row.recipient),
    ).toEqual(emails);
  });

  it('a new press after a duress end shows the person a fresh alert, and the contacts hear of it', async () => {
    const { me, emails, alertId } = await alertWithPins(t, 'otra-vez');
    await end(t, me, DURESS_PIN);
    t.clock.advance(MINUTE);
    const again = await press(t, me, { alert_status: '1', ...MEXICO });
    const freshId = (again.body.message as { alert_id: string }).alert_id;
    // What a press after a real end answers: a new alert, started now, with its own deliveries.
    expect(again.body).toEqual({ success: true, message: { alert_status: true, alert_id: expect.any(String) } });
    expect(freshId).not.toBe(alertId);
    const state = await alertState(t, me);
    expect(state.alert).toMatchObject({ id: freshId, started_at: t.clock.now().toISOString() });
    expect(state.alert!.deliveries.map((delivery) => delivery.acknowledged_at)).toEqual([null, null]);
    expect(await alertRows(t, 'otra-vez@example.com')).toEqual([
      { id: alertId, status: 'ended', ended_at: expect.any(Date), hidden: true, alert_status: true },
      { id: freshId, status: 'active', ended_at: null, hidden: false, alert_status: true },
    ]);
    // Each contact gets the new press, after the duress e-mail, and never an 'ended' one.
    for (const email of emails) {
      const subjects = (await mailsTo(t, email)).map((mail) => mail.subject ?? '');
      expect(subjects.filter((subject) => STARTED.test(subject))).toHaveLength(2);
      expect(subjects.filter((subject) => ENDED.test(subject))).toEqual([]);
    }
    // Free again: the real PIN ends it for everyone.
    expect((await end(t, me, PIN)).body).toEqual({
      success: true,
      message: { alert_status: false, alert_id: freshId, contacts_told: 'all' },
    });
    expect(await lastMail(t, emails[0]!, ENDED)).toBeDefined();
  });

  it('a practice after a duress end answers as a practice does and sends the contacts nothing', async () => {
    const { me, emails } = await alertWithPins(t, 'practica');
    await end(t, me, DURESS_PIN);
    const before = await outboxKinds(t, 'practica@example.com');
    const practice = await press(t, me, { alert_status: '3', ...MEXICO });
    expect(practice.body).toEqual({
      success: true,
      message: { alert_status: false, alert_id: null, practice_id: expect.any(String) },
    });
    const { rows } = await t.pool.query<{ kind: string }>(
      `select o.kind from outbox o join users u on u.id = o.user_id where u.email = $1 and o.kind = 'practice'`,
      ['practica@example.com'],
    );
    expect(rows).toEqual([]);
    expect(await outboxKinds(t, 'practica@example.com')).toEqual(before);
    for (const email of emails)
      expect((await mailsTo(t, email)).filter((mail) => /PRUEBA|TEST/.test(mail.subject ?? ''))).toEqual([]);
  });

  it('keeps no hash of the PIN with the request: its 10,000 values would give it away', async () => {
    const { me } = await alertWithPins(t, 'huella');
    const body = { alert_status: '2', ...MEXICO, pin: PIN };
    const key = crypto.randomUUID();
    expect((await press(t, me, body, key)).status).toBe(200);
    const { rows } = await t.pool.query<{ body_hash: string }>(
      "select body_hash from idempotency_keys where kind = 'alert' and idempotency_key = $1",
      [key],
    );
    const parsed = v.parse(activeButtonSchema, body);
    expect(rows).toEqual([{ body_hash: requestBodyHash(t.config.secret, 'alert-request', withoutPin(parsed)) }]);
    expect(rows[0]!.body_hash).not.toBe(requestBodyHash(t.config.secret, 'alert-request', parsed));
  });

  it('without PINs, a PIN sent along is ignored and the alert ends as always', async () => {
    const { me, emails } = await personWithConfirmedContacts(t, 'sin-pin', [['Luis', 'Díaz']]);
    const started = await press(t, me, { alert_status: '1', ...MEXICO });
    const alertId = (started.body.message as { alert_id: string }).alert_id;
    // The start leaves first: an end before it would withdraw it and send nothing.
    await t.drainOutbox();
    expect((await end(t, me, '9999')).body).toEqual({
      success: true,
      message: { alert_status: false, alert_id: alertId, contacts_told: 'all' },
    });
    expect(await alertRows(t, 'sin-pin@example.com')).toEqual([
      { id: alertId, status: 'ended', ended_at: expect.any(Date), hidden: false, alert_status: false },
    ]);
    expect(await lastMail(t, emails[0]!, ENDED)).toBeDefined();
  });
});
