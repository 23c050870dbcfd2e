import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createReminderWorker, type ReminderWorker } from '#server/alerts/reminders.ts';
import {
  ackTokenIn,
  alertState,
  lastMail,
  MEXICO,
  personWithConfirmedContacts,
  press,
} from '#test/support/alert-people.ts';
import { captureLog } from '#test/support/capture-log.ts';
import { mailsTo } from '#test/support/contact-mail.ts';
import { createTestApp } from '#test/support/test-app.ts';
import type { TestApp } from '#test/support/test-app.ts';

// While nobody has acknowledged an active alert, every contact who got
// it and has not acknowledged gets one reminder at 5 minutes and one at 15
// (configuration), none after the end; driven by the server's injected clock.

const MINUTE = 60_000;
const STARTED = /^ALERTA SOS: .* está en riesgo$/;
const REMINDER = /^Recordatorio: Rosa Prueba sigue en riesgo/;

function remindersOf(t: TestApp): ReminderWorker {
  return createReminderWorker({ db: t.db, clock: t.clock, config: t.config, log: t.log });
}

const reminderCount = async (t: TestApp, email: string) =>
  (await mailsTo(t, email)).filter((mail) => REMINDER.test(mail.subject ?? '')).length;

describe('reminders while nobody has acknowledged', () => {
  let t: TestApp;
  let reminders: ReminderWorker;
  beforeAll(async () => {
    t = await createTestApp();
    reminders = remindersOf(t);
  });
  afterAll(() => t.close());

  it('reminds every contact at 5 and at 15 minutes, with the same Lo tengo link, and never a third time', async () => {
    const { me, emails } = await personWithConfirmedContacts(t, 'recuerda', [
      ['Luis', 'Díaz'],
      ['María', 'López'],
    ]);
    await press(t, me, { alert_status: '1', ...MEXICO });
    const link = ackTokenIn(await lastMail(t, emails[0]!, STARTED));

    t.clock.advance(5 * MINUTE - 1);
    expect(await reminders.runDue()).toBe(0);
    t.clock.advance(1);
    expect(await reminders.runDue()).toBe(2);
    expect(await reminders.runDue()).toBe(0);
    const first = await lastMail(t, emails[0]!, REMINDER);
    expect(first?.text).toContain(
      'Hace 5 minutos Rosa Prueba presionó el botón SOS y todavía nadie confirmó que recibió la alerta.',
    );
    expect(first?.text).toContain('latitud 19.4326, longitud -99.1332');
    expect(ackTokenIn(first)).toBe(link);
    expect((await alertState(t, me)).alert).toMatchObject({
      reminders: 1,
      last_reminder_at: t.clock.now().toISOString(),
    });

    t.clock.advance(10 * MINUTE);
    expect(await reminders.runDue()).toBe(2);
    t.clock.advance(60 * MINUTE);
    expect(await reminders.runDue()).toBe(0);
    for (const email of emails) expect(await reminderCount(t, email)).toBe(2);
    // A reminder is not a second alert: the alert e-mail count stays one.
    expect((await mailsTo(t, emails[0]!)).filter((mail) => STARTED.test(mail.subject ?? ''))).toHaveLength(1);
  });

  it('sends no reminder once any contact has acknowledged', async () => {
    const { me, emails } = await personWithConfirmedContacts(t, 'confirma', [
      ['Luis', 'Díaz'],
      ['María', 'López'],
    ]);
    await press(t, me, { alert_status: '1', ...MEXICO });
    t.clock.advance(3 * MINUTE);
    await t.post('ack', { token: ackTokenIn(await lastMail(t, emails[1]!, STARTED)) });
    t.clock.advance(2 * MINUTE);
    expect(await reminders.runDue()).toBe(0);
    t.clock.advance(10 * MINUTE);
    expect(await reminders.runDue()).toBe(0);
    for (const email of emails) expect(await reminderCount(t, email)).toBe(0);
  });

  it('sends none after the alert ended', async () => {
    const { me, emails } = await personWithConfirmedContacts(t, 'acaba', [['Luis', 'Díaz']]);
    await press(t, me, { alert_status: '1', ...MEXICO });
    t.clock.advance(4 * MINUTE);
    await press(t, me, { alert_status: '2' });
    t.clock.advance(20 * MINUTE);
    expect(await reminders.runDue()).toBe(0);
    expect(await reminderCount(t, emails[0]!)).toBe(0);
  });

  it('skips a contact who opted out after the alert went out', async () => {
    const { me, emails } = await personWithConfirmedContacts(t, 'baja', [
      ['Luis', 'Díaz'],
      ['María', 'López'],
    ]);
    await press(t, me, { alert_status: '1', ...MEXICO });
    const unsubscribe = /unsubscribe\?token=([A-Za-z0-9_-]+)/.exec(
      (await lastMail(t, emails[0]!, STARTED))?.text ?? '',
    )?.[1];
    expect((await t.post('unsubscribe', { token: unsubscribe })).status).toBe(200);
    t.clock.advance(5 * MINUTE);
    const log = captureLog();
    expect(await createReminderWorker({ db: t.db, clock: t.clock, config: t.config, log }).runDue()).toBe(1);
    expect(await reminderCount(t, emails[0]!)).toBe(0);
    expect(await reminderCount(t, emails[1]!)).toBe(1);
    // One e-mail is 'correo', not '1 correos'.
    expect(log.lines.map((line) => line.message)).toEqual([expect.stringMatching(/: 1 correo$/)]);
  });

  it('sends each reminder once when two server instances look at the same moment', async () => {
    const { me, emails } = await personWithConfirmedContacts(t, 'doble', [
      ['Luis', 'Díaz'],
      ['María', 'López'],
    ]);
    const other = await createTestApp({ database: t.database, clock: t.clock });
    try {
      await press(t, me, { alert_status: '1', ...MEXICO });
      await t.drainOutbox();
      t.clock.advance(5 * MINUTE);
      const queued = await Promise.all([
        reminders.runDue(),
        remindersOf(other).runDue(),
        reminders.runDue(),
        remindersOf(other).runDue(),
      ]);
      expect(queued.reduce((a, b) => a + b, 0)).toBe(2);
      for (const email of emails) expect(await reminderCount(t, email)).toBe(1);
    } finally {
      await other.close({ keepDatabase: true });
    }
  });
});

describe('reminder timings are configuration', () => {
  it('follows ACK_REMINDER_MINUTES, and sends one reminder for rounds that came due together', async () => {
    const t = await createTestApp({ env: { ACK_REMINDER_MINUTES: '1,2,30' } });
    try {
      expect(t.config.reminders.afterMs).toEqual([MINUTE, 2 * MINUTE, 30 * MINUTE]);
      const reminders = remindersOf(t);
      const { me, emails } = await personWithConfirmedContacts(t, 'config', [['Luis', 'Díaz']]);
      await press(t, me, { alert_status: '1', ...MEXICO });
      t.clock.advance(MINUTE);
      expect(await reminders.runDue()).toBe(1);
      // The server was down from minute 1 to minute 40: rounds 2 and 3 are due together, one e-mail.
      t.clock.advance(39 * MINUTE);
      expect(await reminders.runDue()).toBe(1);
      expect(await reminders.runDue()).toBe(0);
      expect(await reminderCount(t, emails[0]!)).toBe(2);
      expect((await alertState(t, me)).alert?.reminders).toBe(3);
    } finally {
      await t.close();
    }
  });

  it('turns reminders off with an empty list, and refuses a list out of order', async () => {
    const t = await createTestApp({ env: { ACK_REMINDER_MINUTES: '' } });
    try {
      expect(t.config.reminders.afterMs).toEqual([]);
      expect(await remindersOf(t).runDue()).toBe(0);
    } finally {
      await t.close();
    }
    const { parseConfig } = await import('#server/config.ts');
    expect(() => parseConfig({ SECRET: 'a-test-secret-of-at-least-32-bytes!', ACK_REMINDER_MINUTES: '15,5' })).toThrow(
      /ACK_REMINDER_MINUTES/,
    );
  });
});
