import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AckView } from '#shared/api/deliveries.ts';
import { apiMessages } from '#shared/messages.ts';
import { alertDeliveries, alerts, outbox, practiceAlerts } from '#server/db/schema.ts';
import { createMailTransport } from '#server/mail/transport.ts';
import { renderStoredMail } from '#server/messages/render-message.ts';
import { createOutboxWorker } from '#server/mail/outbox-worker.ts';
import {
  ackTokenIn,
  alertState,
  lastMail,
  MEXICO,
  personWithConfirmedContacts,
  press,
  statesOf,
} from '#test/support/alert-people.ts';
import { mailsTo } from '#test/support/contact-mail.ts';
import { signUp } from '#test/support/sign-up.ts';
import { startSmtpSink, type SmtpSink } from '#test/support/smtp-sink.ts';
import { tableRows } from '#test/support/table-rows.ts';
import { createTestApp } from '#test/support/test-app.ts';
import type { TestApp } from '#test/support/test-app.ts';

// Every alert e-mail carries its contact's own 'Lo tengo' link; the
// person sees, per contact, whether the e-mail left, failed or was acknowledged.

const DAY = 24 * 60 * 60_000;
const STARTED = /^ALERTA SOS: .* está en riesgo$/;
const ENDED = /finalizó su alerta SOS/;

const view = (reply: { body: { message: unknown } }) => reply.body.message as AckView;

describe("the 'Lo tengo' link and the delivery state of an alert", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("puts a 'Lo tengo' link of its own in each contact's alert e-mail; opening it shows the alert and records nothing", async () => {
    const { me, emails } = await personWithConfirmedContacts(t, 'abre', [
      ['Luis', 'Díaz'],
      ['María', 'López'],
    ]);
    const pressedAt = new Date(t.clock.now().getTime() - 5_000).toISOString();
    expect((await press(t, me, { alert_status: '1', ...MEXICO, pressed_at: pressedAt })).status).toBe(200);

    const [luis, maria] = await Promise.all(emails.map((email) => lastMail(t, email, STARTED)));
    expect(luis?.text).toContain('presiona «Lo tengo»');
    expect(luis?.html).toContain('>Lo tengo</a>');
    const luisToken = ackTokenIn(luis);
    expect(luisToken).not.toBe(ackTokenIn(maria));

    const opened = await t.call('GET', `ack/${luisToken}`);
    expect(opened.status).toBe(200);
    expect(view(opened)).toEqual({
      person: { name: 'Rosa Prueba', phone: '+13055550123' },
      contact_firstname: 'Luis',
      practice: false,
      pressed_at: pressedAt,
      timezone: 'America/Mexico_City',
      position: { latitude: '19.4326', longitude: '-99.1332' },
      status: 'active',
      forced: false,
      acknowledged_at: null,
      trigger: 'press',
      check_in: null,
      firm_attending: false,
    });
    // A mail scanner opening the page (and its GET) leaves no acknowledgement behind.
    await t.call('GET', `ack/${luisToken}`);
    expect(statesOf((await alertState(t, me)).alert?.deliveries)).toEqual({
      'Luis Díaz': 'sent',
      'María López': 'sent',
    });
  });

  it("puts the same link in the e-mail with the alert's first position", async () => {
    const { me, emails } = await personWithConfirmedContacts(t, 'posicion', [['Luis', 'Díaz']]);
    await press(t, me, { alert_status: '1', latitude: '', longitude: '', timezone: 'America/Chicago' });
    const token = ackTokenIn(await lastMail(t, emails[0]!, STARTED));
    t.clock.advance(60_000);
    await press(t, me, { alert_status: '1', latitude: '41.8781', longitude: '-87.6298', timezone: 'America/Chicago' });
    const position = await lastMail(t, emails[0]!, /^ALERTA SOS: ubicación de/);
    expect(ackTokenIn(position)).toBe(token);
  });

  it("records 'Lo tengo' once: pressing again, or several presses at once, record nothing new", async () => {
    const { me, emails } = await personWithConfirmedContacts(t, 'pulsa', [
      ['Luis', 'Díaz'],
      ['María', 'López'],
    ]);
    await press(t, me, { alert_status: '1', ...MEXICO });
    const [luisToken, mariaToken] = await Promise.all(
      emails.map(async (email) => ackTokenIn(await lastMail(t, email, STARTED))),
    );

    const first = await t.post('ack', { token: mariaToken });
    expect(first.status).toBe(200);
    expect(view(first)).toMatchObject({
      recorded: true,
      acknowledged_at: t.clock.now().toISOString(),
      contact_firstname: 'María',
    });
    const firstAt = view(first).acknowledged_at;
    t.clock.advance(60_000);
    const again = await t.post('ack', { token: mariaToken });
    expect(view(again)).toMatchObject({ recorded: false, acknowledged_at: firstAt });

    const racing = await Promise.all([1, 2, 3].map(() => t.post('ack', { token: luisToken })));
    expect(racing.map((reply) => view(reply).recorded).sort()).toEqual([false, false, true]);
    expect(new Set(racing.map((reply) => view(reply).acknowledged_at)).size).toBe(1);

    const state = await alertState(t, me);
    expect(statesOf(state.alert?.deliveries)).toEqual({ 'Luis Díaz': 'acknowledged', 'María López': 'acknowledged' });
    expect(state.alert?.deliveries.find((d) => d.name === 'María López')?.acknowledged_at).toBe(firstAt);
  });

  it('sends an unknown, malformed or expired link to the invalid-link page, and keeps only hashes of the tokens', async () => {
    const { me, emails } = await personWithConfirmedContacts(t, 'vence', [['Luis', 'Díaz']]);
    await press(t, me, { alert_status: '1', ...MEXICO });
    const token = ackTokenIn(await lastMail(t, emails[0]!, STARTED));

    const unknown = 'x'.repeat(43);
    expect(await t.call('GET', `ack/${unknown}`)).toMatchObject({
      status: 404,
      body: { message: apiMessages.linkInvalid },
    });
    expect(await t.post('ack', { token: unknown })).toMatchObject({
      status: 404,
      body: { message: apiMessages.linkInvalid },
    });
    expect((await t.call('GET', 'ack/no%20es%20un%20token')).status).toBe(404);
    expect((await t.post('ack', { token: 'corto' })).status).toBe(422);

    // Nowhere in the database in clear: only its SHA-256 is kept.
    expect(JSON.stringify(await tableRows(t.db))).not.toContain(token);

    t.clock.advance(7 * DAY + 1);
    expect((await t.call('GET', `ack/${token}`)).status).toBe(404);
    expect((await t.post('ack', { token })).status).toBe(404);
  });

  it('is bound to one alert: after the alert ends its link still shows it, ended, and records nothing', async () => {
    const { me, emails } = await personWithConfirmedContacts(t, 'termina', [['Luis', 'Díaz']]);
    await press(t, me, { alert_status: '1', ...MEXICO });
    const token = ackTokenIn(await lastMail(t, emails[0]!, STARTED));
    await press(t, me, { alert_status: '2' });
    await press(t, me, { alert_status: '1', latitude: '', longitude: '', timezone: 'UTC' });
    await t.drainOutbox();

    const ended = await t.post('ack', { token });
    expect(view(ended)).toMatchObject({
      status: 'ended',
      recorded: false,
      acknowledged_at: null,
      timezone: 'America/Mexico_City',
    });
    // The new alert's contacts have not acknowledged anything.
    expect(statesOf((await alertState(t, me)).alert?.deliveries)).toEqual({ 'Luis Díaz': 'sent' });
  });

  it("shows each contact's e-mail as sent, retrying, failed or acknowledged, with when, to its owner only", async () => {
    const { me, emails } = await personWithConfirmedContacts(t, 'estado', [
      ['Luis', 'Díaz'],
      ['María', 'López'],
    ]);
    const other = await signUp(t, 'estado-otra@example.com', 'Olga');
    await press(t, me, { alert_status: '1', ...MEXICO });

    // Before the worker hands them to the mail server.
    const queued = await alertState(t, me);
    expect(queued.alert_status).toBe(true);
    expect(statesOf(queued.alert?.deliveries)).toEqual({ 'Luis Díaz': 'pending', 'María López': 'pending' });
    expect(queued.alert?.deliveries[0]).toMatchObject({ sent_at: null, acknowledged_at: null, attempts: 0 });

    const sentAt = t.clock.now().toISOString();
    const token = ackTokenIn(await lastMail(t, emails[1]!, STARTED));
    t.clock.advance(90_000);
    await t.post('ack', { token });
    const state = await alertState(t, me);
    expect(state.alert?.deliveries).toEqual([
      expect.objectContaining({ name: 'Luis Díaz', state: 'sent', sent_at: sentAt, acknowledged_at: null }),
      expect.objectContaining({
        name: 'María López',
        state: 'acknowledged',
        sent_at: sentAt,
        acknowledged_at: t.clock.now().toISOString(),
      }),
    ]);
    expect(state.alert).toMatchObject({ reminders: 0, last_reminder_at: null });

    // Someone else sees only their own (no alert), and nobody without a session.
    expect(await alertState(t, other)).toEqual({ alert_status: false, alert: null, end_news: null });
    expect(await t.call('GET', 'alert-deliveries')).toMatchObject({
      status: 401,
      body: { message: apiMessages.unauthorized },
    });

    const ended = (await press(t, me, { alert_status: '2' })).body.message as {
      alert_id: string;
      contacts_told: string;
    };
    // What the end told the person waits in their status until the app has shown it.
    expect(await alertState(t, me)).toEqual({
      alert_status: false,
      alert: null,
      end_news: { alert_id: ended.alert_id, contacts_told: 'all' },
    });
  });

  it('ends with an e-mail to everyone who got the alert, saying who acknowledged it by first name only', async () => {
    const { me, emails } = await personWithConfirmedContacts(t, 'fin', [
      ['Luis', 'Díaz'],
      ['María', 'López'],
    ]);
    await press(t, me, { alert_status: '1', ...MEXICO });
    await t.post('ack', { token: ackTokenIn(await lastMail(t, emails[1]!, STARTED)) });
    // Confirmed after the alert went out: never got it, so is not told it ended.
    const body = {
      firstname: 'Tardío',
      lastname: 'Ruiz',
      email: 'fin-tardio@example.com',
      phone: '+13055550111',
      kinship: 'Primo',
    };
    await t.call('POST', 'contacts', { token: me.access_token, body });
    const invite = (await mailsTo(t, 'fin-tardio@example.com'))[0];
    const verify = /\/web\/active\/verify\/([A-Za-z0-9_-]+)/.exec(invite?.text ?? '')?.[1];
    expect((await t.call('GET', `verify-contact/${verify}`)).status).toBe(200);

    await press(t, me, { alert_status: '2' });
    const ends = await Promise.all(emails.map((email) => lastMail(t, email, ENDED)));
    for (const mail of ends) {
      expect(mail?.text).toContain('Cómo le llegó la alerta a cada contacto:');
      expect(mail?.text).toMatch(/- Recibida por María \(\d\d:\d\d\)/);
      expect(mail?.text).toMatch(/- Enviada a Luis \(\d\d:\d\d\), sin confirmar todavía/);
      // A contact's mailbox, if someone else reads it, does not learn the others' full names.
      for (const lastname of ['López', 'Díaz']) {
        expect(mail?.text).not.toContain(lastname);
        expect(mail?.html).not.toContain(lastname);
      }
    }
    // Acknowledgements first: they say who is acting.
    const text = ends[0]?.text ?? '';
    expect(text.indexOf('Recibida por María')).toBeLessThan(text.indexOf('Enviada a Luis'));
    expect(await lastMail(t, 'fin-tardio@example.com', ENDED)).toBeUndefined();
  });

  it('tells the person when nobody acknowledged, in the e-mail that ends the alert', async () => {
    const { me, emails } = await personWithConfirmedContacts(t, 'nadie', [['Luis', 'Díaz']]);
    await press(t, me, { alert_status: '1', ...MEXICO });
    // The start leaves first: an end before it would withdraw it and send nothing.
    await t.drainOutbox();
    await press(t, me, { alert_status: '2' });
    expect((await lastMail(t, emails[0]!, ENDED))?.text).toContain('Nadie confirmó haber recibido la alerta.');
  });

  it('never logs a token, a position or an e-mail body', async () => {
    const { me, emails } = await personWithConfirmedContacts(t, 'registro', [['Luis', 'Díaz']]);
    await press(t, me, { alert_status: '1', ...MEXICO });
    const mail = await lastMail(t, emails[0]!, STARTED);
    const token = ackTokenIn(mail);
    await t.post('ack', { token });
    await press(t, me, { alert_status: '2' });
    await t.drainOutbox();
    const logged = t.log.text();
    for (const secret of [token, MEXICO.latitude, 'está en riesgo', emails[0]!]) expect(logged).not.toContain(secret);
  });

  it("deletes the account's deliveries, reminders and practices with the account", async () => {
    const { me } = await personWithConfirmedContacts(t, 'borra', [['Luis', 'Díaz']]);
    await press(t, me, { alert_status: '1', ...MEXICO });
    await press(t, me, { alert_status: '2' });
    await press(t, me, { alert_status: '3', ...MEXICO });
    expect(await t.db.select().from(alertDeliveries).where(eq(alertDeliveries.userId, me.id))).toHaveLength(2);
    expect((await t.call('DELETE', 'profile', { token: me.access_token })).status).toBe(200);
    expect(await t.db.select().from(alertDeliveries).where(eq(alertDeliveries.userId, me.id))).toEqual([]);
    expect(await t.db.select().from(practiceAlerts).where(eq(practiceAlerts.userId, me.id))).toEqual([]);
    expect(await t.db.select().from(alerts).where(eq(alerts.userId, me.id))).toEqual([]);
  });
});

describe('limits and failures around the delivery state', () => {
  it("limits the 'Lo tengo' calls per network address", async () => {
    const t = await createTestApp({ env: { RATE_LIMIT_ACK_PER_IP: '3' } });
    try {
      const token = 'y'.repeat(43);
      const replies = [];
      for (let i = 0; i < 4; i += 1)
        replies.push(i % 2 ? await t.post('ack', { token }) : await t.call('GET', `ack/${token}`));
      expect(replies.map((reply) => reply.status)).toEqual([404, 404, 404, 429]);
      expect(replies[3]?.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(replies[3]?.body.message).toBe(apiMessages.tooManyRequests);
    } finally {
      await t.close();
    }
  });

  it('shows an e-mail the mail server keeps refusing as retrying, then failed', async () => {
    const smtp: SmtpSink = await startSmtpSink();
    const t = await createTestApp();
    // The alert's e-mails go to a mail server that refuses them; the worker gives up after two attempts.
    const { log } = t;
    const transport = createMailTransport({ smtpUrl: smtp.url, from: t.config.mailFrom, mailDir: t.mailDir, log });
    const refused = createOutboxWorker({
      pool: t.pool,
      transport,
      clock: t.clock,
      log,
      maxAttempts: 2,
      render: renderStoredMail(t.config),
    });
    try {
      const { me } = await personWithConfirmedContacts(t, 'rechazo', [['Luis', 'Díaz']]);
      smtp.refuse = true;
      await press(t, me, { alert_status: '1', ...MEXICO });
      await refused.drain();
      expect((await alertState(t, me)).alert?.deliveries).toEqual([
        expect.objectContaining({ state: 'retrying', attempts: 1, sent_at: null }),
      ]);

      t.clock.advance(60_000);
      await refused.drain();
      expect((await alertState(t, me)).alert?.deliveries).toEqual([
        expect.objectContaining({ state: 'failed', attempts: 2 }),
      ]);
      expect(t.log.text()).toContain('abandonado');
    } finally {
      transport.close();
      await t.close();
      await smtp.close();
    }
  });

  it('still starts, answers and e-mails the alert when recording its deliveries fails', async () => {
    const t = await createTestApp();
    try {
      const { me, emails } = await personWithConfirmedContacts(t, 'falla', [['Luis', 'Díaz']]);
      // Sabotage: every insert into the delivery records fails.
      await t.db.execute(
        sql`create function refuse_delivery() returns trigger language plpgsql as $$ begin raise exception 'no'; end $$`,
      );
      await t.db.execute(
        sql`create trigger refuse_delivery before insert on alert_deliveries execute function refuse_delivery()`,
      );

      const started = await press(t, me, { alert_status: '1', ...MEXICO }, randomUUID());
      expect(started).toMatchObject({ status: 200, body: { message: { alert_status: true } } });
      expect(await lastMail(t, emails[0]!, STARTED)).toBeDefined();
      expect(t.log.text()).toMatch(/entregas de alert-started: \w+ P0001$/m);
      expect((await alertState(t, me)).alert?.deliveries).toEqual([]);

      // The end still reaches the contacts (those confirmed now, as for an alert without delivery records).
      expect((await press(t, me, { alert_status: '2' })).status).toBe(200);
      expect((await lastMail(t, emails[0]!, ENDED))?.text).not.toContain('Cómo le llegó la alerta');
      // A practice that cannot be recorded is answered without one: it never blocks the phone's queue.
      await t.db.execute(
        sql`create trigger refuse_practice before insert on practice_alerts execute function refuse_delivery()`,
      );
      const practice = await press(t, me, { alert_status: '3', ...MEXICO });
      expect(practice).toMatchObject({ status: 200, body: { message: { alert_status: false, practice_id: null } } });
      expect(await t.db.select().from(outbox).where(eq(outbox.kind, 'practice'))).toHaveLength(0);
    } finally {
      await t.close();
    }
  });
});
