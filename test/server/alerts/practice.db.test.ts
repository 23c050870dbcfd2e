import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AckView } from '#shared/api/deliveries.ts';
import { createReminderWorker } from '#server/alerts/reminders.ts';
import { alerts, users } from '#server/db/schema.ts';
import {
  ackTokenIn,
  alertState,
  lastMail,
  MEXICO,
  personWithConfirmedContacts,
  practiceState,
  press,
  statesOf,
} from '#test/support/alert-people.ts';
import { mailsTo } from '#test/support/contact-mail.ts';
import { createTestApp } from '#test/support/test-app.ts';
import type { TestApp } from '#test/support/test-app.ts';

// The practice alert: '3' on the SOS call, the same path, e-mails marked
// PRUEBA; a test, never an alert.

const MINUTE = 60_000;
const PRACTICE = /^PRUEBA: /;

describe('the practice alert', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('e-mails every confirmed contact with PRUEBA in the subject and as the first line, and is never an alert', async () => {
    const { me, emails } = await personWithConfirmedContacts(t, 'prueba', [
      ['Luis', 'Díaz'],
      ['María', 'López'],
    ]);
    const reply = await press(t, me, { alert_status: '3', ...MEXICO, pressed_at: t.clock.now().toISOString() });
    expect(reply).toMatchObject({
      status: 200,
      body: { success: true, message: { alert_status: false, alert_id: null } },
    });
    const practiceId = (reply.body.message as { practice_id: string }).practice_id;
    expect(practiceId).toMatch(/^[0-9a-f-]{36}$/);

    for (const email of emails) {
      const mails = await mailsTo(t, email);
      const practice = mails.filter((mail) => PRACTICE.test(mail.subject ?? ''));
      expect(practice.map((mail) => mail.subject)).toEqual([
        'PRUEBA: alerta de prueba de Rosa Prueba (no es una emergencia)',
      ]);
      expect(practice[0]?.text?.split('\n')[0]).toBe('PRUEBA: esto es solo una prueba. Rosa Prueba no está en riesgo.');
      expect(practice[0]?.text).toContain('https://www.openstreetmap.org/?mlat=19.4326&mlon=-99.1332');
      expect(practice[0]?.text).toMatch(/\/web\/active\/ack\/[A-Za-z0-9_-]+/);
      // No real alert e-mail, ever.
      expect(mails.some((mail) => /ALERTA SOS/.test(mail.subject ?? ''))).toBe(false);
    }

    const [user] = await t.db.select({ alertStatus: users.alertStatus }).from(users).where(eq(users.id, me.id));
    expect(user?.alertStatus).toBe(false);
    expect(await t.db.select().from(alerts).where(eq(alerts.userId, me.id))).toEqual([]);
    expect(await alertState(t, me)).toEqual({ alert_status: false, alert: null, end_news: null });
    const refreshed = await t.post('refresh', { refresh_token: me.refresh_token });
    expect(refreshed.body.message).toMatchObject({ alert_status: false });

    const state = await practiceState(t, me);
    expect(state.practice).toMatchObject({ id: practiceId });
    expect(statesOf(state.practice?.deliveries)).toEqual({ 'Luis Díaz': 'sent', 'María López': 'sent' });
  });

  it('can be acknowledged by a contact, and the person sees who', async () => {
    const { me, emails } = await personWithConfirmedContacts(t, 'acuse', [
      ['Luis', 'Díaz'],
      ['María', 'López'],
    ]);
    const key = randomUUID();
    await press(t, me, { alert_status: '3', ...MEXICO }, key);
    const token = ackTokenIn(await lastMail(t, emails[1]!, PRACTICE));
    const opened = (await t.call('GET', `ack/${token}`)).body.message as AckView;
    expect(opened).toMatchObject({
      practice: true,
      status: 'active',
      contact_firstname: 'María',
      acknowledged_at: null,
    });
    const acked = (await t.post('ack', { token })).body.message as AckView;
    expect(acked).toMatchObject({ practice: true, recorded: true, acknowledged_at: t.clock.now().toISOString() });

    const state = await practiceState(t, me);
    expect(state.practice?.request_key).toBe(key);
    expect(statesOf(state.practice?.deliveries)).toEqual({ 'Luis Díaz': 'sent', 'María López': 'acknowledged' });
    // A practice gets no reminders: it would only be noise for a test.
    t.clock.advance(20 * MINUTE);
    expect(await createReminderWorker({ db: t.db, clock: t.clock, config: t.config, log: t.log }).runDue()).toBe(0);
  });

  it('is one practice for a replayed request, and a second press soon after shows the first one again', async () => {
    const { me, emails } = await personWithConfirmedContacts(t, 'repite', [['Luis', 'Díaz']]);
    const key = randomUUID();
    const body = { alert_status: '3', ...MEXICO };
    const replies = await Promise.all([press(t, me, body, key), press(t, me, body, key)]);
    const ids = new Set(replies.map((reply) => (reply.body.message as { practice_id: string }).practice_id));
    expect(ids.size).toBe(1);
    t.clock.advance(MINUTE);
    const soon = await press(t, me, body);
    expect((soon.body.message as { practice_id: string }).practice_id).toBe([...ids][0]);
    expect((await mailsTo(t, emails[0]!)).filter((mail) => PRACTICE.test(mail.subject ?? ''))).toHaveLength(1);

    t.clock.advance(2 * MINUTE);
    const later = await press(t, me, body);
    expect((later.body.message as { practice_id: string }).practice_id).not.toBe([...ids][0]);
    expect((await mailsTo(t, emails[0]!)).filter((mail) => PRACTICE.test(mail.subject ?? ''))).toHaveLength(2);
  });

  it('does nothing during a real alert: the contacts must not read PRUEBA then', async () => {
    const { me, emails } = await personWithConfirmedContacts(t, 'durante', [['Luis', 'Díaz']]);
    const started = await press(t, me, { alert_status: '1', ...MEXICO });
    const alertId = (started.body.message as { alert_id: string }).alert_id;
    const practice = await press(t, me, { alert_status: '3', ...MEXICO });
    expect(practice.body.message).toEqual({ alert_status: true, alert_id: alertId, practice_id: null });
    expect((await mailsTo(t, emails[0]!)).some((mail) => PRACTICE.test(mail.subject ?? ''))).toBe(false);
    expect((await practiceState(t, me)).practice).toBeNull();
  });

  it('shows each person only their own practice', async () => {
    const one = await personWithConfirmedContacts(t, 'uno', [['Luis', 'Díaz']]);
    const two = await personWithConfirmedContacts(t, 'dos', []);
    await press(t, one.me, { alert_status: '3', ...MEXICO });
    expect((await practiceState(t, one.me)).practice).not.toBeNull();
    expect(await practiceState(t, two.me)).toEqual({ practice: null });
    expect((await t.call('GET', 'practice-deliveries')).status).toBe(401);
  });
});
