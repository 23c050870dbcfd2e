import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '#server/db/schema.ts';
import {
  ackTokenIn,
  alertState,
  lastMail,
  MEXICO,
  personWithConfirmedContacts,
  press,
} from '#test/support/alert-people.ts';
import { mailsTo } from '#test/support/contact-mail.ts';
import { createTestApp } from '#test/support/test-app.ts';
import type { TestApp } from '#test/support/test-app.ts';

// An SOS that starts an alert is written by one statement
// (src/server/alerts/start-alert-at-once.ts). What a caller sees must not change.

const STARTED = /^ALERTA SOS: .* está en riesgo$/;

describe('starting an alert in one statement', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('gives ten copies of one press sent together one answer, one alert, and each contact one e-mail with a working link', async () => {
    const { me, emails } = await personWithConfirmedContacts(t, 'diez', [
      ['Luis', 'Díaz'],
      ['María', 'López'],
      ['Pedro', 'Ruiz'],
    ]);
    const key = randomUUID();
    const body = { alert_status: '1', ...MEXICO, pressed_at: t.clock.now().toISOString() };
    const replies = await Promise.all(Array.from({ length: 10 }, () => press(t, me, body, key)));
    expect(replies.map((reply) => reply.status)).toEqual(replies.map(() => 200));
    for (const reply of replies) expect(reply.body.message).toEqual(replies[0]!.body.message);

    const state = await alertState(t, me);
    expect(state.alert?.id).toBe((replies[0]!.body.message as { alert_id: string }).alert_id);
    expect(state.alert?.deliveries.map((delivery) => delivery.name).sort()).toEqual([
      'Luis Díaz',
      'María López',
      'Pedro Ruiz',
    ]);
    for (const email of emails) {
      const mails = (await mailsTo(t, email)).filter((mail) => STARTED.test(mail.subject ?? ''));
      expect(mails).toHaveLength(1);
      expect((await t.call('GET', `ack/${ackTokenIn(mails[0])}`)).status).toBe(200);
    }
  });

  it('records a position, not a second alert, when another key presses during an alert', async () => {
    const { me, emails } = await personWithConfirmedContacts(t, 'segunda', [['Luis', 'Díaz']]);
    const first = await press(t, me, { alert_status: '1', latitude: '', longitude: '', timezone: 'UTC' });
    const second = await press(t, me, { alert_status: '1', ...MEXICO });
    expect(second.body.message).toEqual(first.body.message);
    expect((await lastMail(t, emails[0]!, /^ALERTA SOS: ubicación de/))?.text).toContain('19.4326');
    expect((await mailsTo(t, emails[0]!)).filter((mail) => STARTED.test(mail.subject ?? ''))).toHaveLength(1);
  });

  it('keeps an SOS e-mail as template data with no link in it until it is sent, and renders it then', async () => {
    const { me, emails } = await personWithConfirmedContacts(t, 'plantilla', [['Luis', 'Díaz']]);
    expect((await press(t, me, { alert_status: '1', ...MEXICO })).status).toBe(200);
    const [queued] = await t.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, emails[0]!), eq(outbox.kind, 'alert-started')));
    expect(queued).toMatchObject({ status: 'pending', subject: null, text: null, html: null });
    // The links' tokens are made again from SECRET when the e-mail goes out; the row never holds them.
    expect(queued?.templateData).toContain('19.4326');
    expect(queued?.templateData).not.toMatch(/ack|unsubscribe|https?:/);

    const [mail] = (await mailsTo(t, emails[0]!)).filter((received) => STARTED.test(received.subject ?? ''));
    expect(mail?.subject).toBe('ALERTA SOS: Rosa Prueba está en riesgo');
    expect(mail?.text).toContain('Hola, Luis:');
    expect(mail?.text).toContain('19.4326');
    expect((await t.call('POST', 'ack', { body: { token: ackTokenIn(mail) } })).status).toBe(200);
    const [sent] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.id, queued?.id ?? 0));
    expect(sent).toMatchObject({ status: 'sent', templateData: null });
  });
});
