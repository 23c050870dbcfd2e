import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/api/auth.ts';
import { contactTexts } from '#shared/contact-texts/index.ts';
import { createReminderWorker } from '#server/alerts/reminders.ts';
import { createCheckInWorker } from '#server/check-ins/check-in-worker.ts';
import { lastMail, MEXICO, personWithConfirmedContacts, press } from '#test/support/alert-people.ts';
import { DURESS_PIN, setPins } from '#test/support/pins.ts';
import { createTestApp, type TestApp } from '#test/support/test-app.ts';

// A reminder says why the alert is on, as the alert's own e-mails said it: pressed, or sent by
// the app after a check-in nobody closed, or ended or closed with the duress PIN. After the
// duress PIN it never tells the contact to call: whoever forced it may hold the phone.

const MINUTE = 60_000;
const REMINDER = /^Recordatorio: Rosa Prueba sigue en riesgo/;
const t_ = contactTexts('es');
const WHO = 'Rosa Prueba';
const CALL = t_.reminderTodo(WHO, '+13055550123');

const inMinutes = (t: TestApp, minutes: number) => new Date(t.clock.now().getTime() + minutes * MINUTE).toISOString();
const checkIn = (t: TestApp, me: Session, minutes: number) =>
  t.call('POST', 'check-ins', {
    token: me.access_token,
    body: { purpose: 'cita-inmigracion', place: '26 Federal Plaza', due_at: inMinutes(t, minutes), ...MEXICO },
    headers: { 'idempotency-key': randomUUID() },
  });
const closeCheckIn = (t: TestApp, me: Session, pin: string) =>
  t.call('PUT', 'check-ins/current', {
    token: me.access_token,
    body: { action: 'ok', pin },
    headers: { 'idempotency-key': randomUUID() },
  });
const endAlert = (t: TestApp, me: Session, pin: string) =>
  t.call('PUT', 'active-button', {
    token: me.access_token,
    body: { alert_status: '2', pin },
    headers: { 'idempotency-key': randomUUID() },
  });

describe('what a reminder says', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const reminders = () => createReminderWorker({ db: t.db, clock: t.clock, config: t.config, log: t.log });
  const checkIns = () => createCheckInWorker({ db: t.db, clock: t.clock, config: t.config, log: t.log });

  it.each<[string, (me: Session) => Promise<void>, string[], boolean]>([
    [
      'pressed',
      async (me) => void (await press(t, me, { alert_status: '1', ...MEXICO })),
      [t_.reminderLead(5, WHO)],
      true,
    ],
    [
      'sent by the app after a check-in nobody closed',
      async (me) => {
        expect((await checkIn(t, me, 1)).status).toBe(200);
        // The deadline plus the grace: the check-in fires, and the alert starts now.
        t.clock.advance(6 * MINUTE);
        expect((await checkIns().tick()).fired).toBeGreaterThan(0);
      },
      [t_.reminderLeadMissed(5, WHO)],
      true,
    ],
    [
      'ended with the duress PIN',
      async (me) => {
        await setPins(t, me);
        await press(t, me, { alert_status: '1', ...MEXICO });
        expect((await endAlert(t, me, DURESS_PIN)).status).toBe(200);
      },
      [t_.duressLead(WHO), t_.duressStillActive],
      false,
    ],
    [
      'a check-in closed with the duress PIN',
      async (me) => {
        await setPins(t, me);
        expect((await checkIn(t, me, 60)).status).toBe(200);
        expect((await closeCheckIn(t, me, DURESS_PIN)).status).toBe(200);
      },
      [t_.checkInForced(WHO)],
      false,
    ],
  ])('after an alert %s', async (tag, start, lead, callAdvised) => {
    const { me, emails } = await personWithConfirmedContacts(t, `causa-${tag.length}`, [['Luis', 'Díaz']]);
    await start(me);
    t.clock.advance(5 * MINUTE);
    // Other tests' alerts share the clock and may come due too: this contact's reminder is what counts.
    expect(await reminders().runDue()).toBeGreaterThanOrEqual(1);
    const text = (await lastMail(t, emails[0]!, REMINDER))!.text!;
    const said = [...lead, t_.duressTodo(WHO), CALL, t_.reminderLead(5, WHO)].map((line) => text.includes(line));
    expect({ tag, said }).toEqual({
      tag,
      said: [...lead.map(() => true), !callAdvised, callAdvised, lead[0] === t_.reminderLead(5, WHO)],
    });
  });
});
