import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tolerateLostConnections } from '#server/db/client.ts';
import { contacts, outbox, pushSubscriptions } from '#server/db/schema.ts';
import { contactPushToken } from '#server/push/contact-token.ts';
import { alertState, MEXICO, personWithConfirmedContacts, press, type Person } from '#test/support/alert-people.ts';
import { mailsTo, verifyTokenIn } from '#test/support/contact-mail.ts';
import { DURESS_PIN, setPins } from '#test/support/pins.ts';
import { startPushService, type PushService } from '#test/support/push-service.ts';
import { startSmtpSink, type SmtpSink } from '#test/support/smtp-sink.ts';
import { createTestApp, type TestApp } from '#test/support/test-app.ts';

// A press and an end close together: a contact whose start has not left yet
// hears nothing of that alert; one who got the start (or whose start is on its
// way to the mail server) gets the end, once.

const STARTED = /^ALERTA SOS: .* está en riesgo$/;
const ENDED = /finalizó su alerta SOS$/;

const addressOf = (mail: ParsedMail) => (Array.isArray(mail.to) ? undefined : mail.to?.value[0]?.address);
const kindOf = (mail: ParsedMail) =>
  STARTED.test(mail.subject ?? '') ? 'started' : ENDED.test(mail.subject ?? '') ? 'ended' : mail.subject;

describe('press and end before the start left', () => {
  let smtp: SmtpSink;
  let service: PushService;
  /** Where people sign up and press: e-mail as files, its worker never started. */
  let files: TestApp;
  /** The same database, sending to a real SMTP server. */
  let relay: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    service = await startPushService();
    files = await createTestApp({ env: { PUSH_EXTRA_ORIGINS: service.origin } });
    relay = await createTestApp({ database: files.database, clock: files.clock, env: { SMTP_URL: smtp.url } });
  });
  afterAll(async () => {
    await relay.close({ keepDatabase: true });
    await files.close();
    await smtp.close();
    await service.close();
  });

  /** What the relay was handed for these addresses since `from`: [address, kind], in order. */
  const relayed = (from: number, person: Person) =>
    smtp.received
      .slice(from)
      .filter((mail) => person.emails.includes(addressOf(mail) ?? ''))
      .map((mail) => [addressOf(mail), kindOf(mail)]);

  /** Every outbox row of the alert, oldest first. */
  const rowsOf = (alertId: string) =>
    files.db
      .select({
        kind: outbox.kind,
        recipient: outbox.recipient,
        status: outbox.status,
        attempts: outbox.attempts,
        templateData: outbox.templateData,
      })
      .from(outbox)
      .where(eq(outbox.alertId, alertId))
      .orderBy(outbox.id);

  /**
   * The relay holds the one e-mail `held` picks: its row stays claimed by the
   * relay's worker until the returned function lets it go and sends the rest.
   */
  async function inFlight(held: (mail: ParsedMail) => boolean): Promise<() => Promise<void>> {
    smtp.hold = held;
    const draining = relay.drainOutbox();
    await expect.poll(() => smtp.held.length).toBe(1);
    return async () => {
      smtp.hold = undefined;
      smtp.release();
      await draining;
      await relay.drainOutbox();
    };
  }

  /** A contact added and accepted through the e-mail's link, as alert-people.ts does; their address. */
  async function confirmedContact(person: Person, firstname: string): Promise<string> {
    const email = `${person.me.email.split('@')[0]}-${firstname.toLowerCase()}@example.com`;
    const body = { firstname, lastname: 'Mora', email, phone: '+13055550111', kinship: 'Hermana' };
    expect((await files.call('POST', 'contacts', { token: person.me.access_token, body })).status).toBe(200);
    const token = verifyTokenIn((await mailsTo(files, email))[0]);
    expect((await files.call('GET', `verify-contact/${token}`)).status).toBe(200);
    person.emails.push(email);
    return email;
  }

  /** SOS pressed: the alert's id. */
  async function start(person: Person): Promise<string> {
    const reply = await press(files, person.me, { alert_status: '1', ...MEXICO });
    expect(reply.status).toBe(200);
    return (reply.body.message as { alert_id: string }).alert_id;
  }

  /** The contact's phone subscribes through the route the accept page calls, with the token it was given. */
  async function phoneOf(email: string): Promise<string> {
    const key = (await files.call('GET', 'push/public-key')).body.message as { public_key: string };
    const phone = await service.subscribe(key.public_key);
    const [contact] = await files.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.email, email));
    const token = contactPushToken(files.config.secret, contact!.id);
    expect((await files.post('push/subscriptions', { token, subscription: phone.subscription })).status).toBe(200);
    const [subscription] = await files.db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.contactId, contact!.id));
    return subscription!.id;
  }

  it('sends a contact nothing of a cycle whose start had not left, e-mail or phone, and keeps the rows as cancelled', async () => {
    const person = await personWithConfirmedContacts(files, 'nada', [
      ['Ana', 'Díaz'],
      ['Beto', 'Gil'],
    ]);
    const phone = await phoneOf(person.emails[0]!);
    const before = smtp.received.length;
    const alertId = await start(person);
    expect((await press(files, person.me, { alert_status: '2' })).body).toMatchObject({
      success: true,
      message: { alert_status: false },
    });

    await relay.drainOutbox();
    expect(relayed(before, person)).toEqual([]);
    const cancelled = { status: 'cancelled', attempts: 0, templateData: null };
    expect(await rowsOf(alertId)).toEqual([
      { kind: 'alert-started', recipient: person.emails[0], ...cancelled },
      { kind: 'alert-started', recipient: person.emails[1], ...cancelled },
      { kind: 'push:alert-started', recipient: phone, ...cancelled },
    ]);
    // The person's screens show no alert: it is over, and nobody was bothered, as the status says until read.
    expect(await alertState(files, person.me)).toEqual({
      alert_status: false,
      alert: null,
      end_news: { alert_id: alertId, contacts_told: 'none' },
    });
  }, 60_000);

  it('sends start then end, once each, for a cycle whose start had left', async () => {
    const person = await personWithConfirmedContacts(files, 'ambos', [['Carla', 'Ruiz']]);
    const before = smtp.received.length;
    const alertId = await start(person);
    await relay.drainOutbox();
    expect((await press(files, person.me, { alert_status: '2' })).status).toBe(200);
    await relay.drainOutbox();
    expect(relayed(before, person)).toEqual([
      [person.emails[0], 'started'],
      [person.emails[0], 'ended'],
    ]);
    const sent = { recipient: person.emails[0], status: 'sent', attempts: 1, templateData: null };
    expect(await rowsOf(alertId)).toEqual([
      { kind: 'alert-started', ...sent },
      { kind: 'alert-ended', ...sent },
    ]);
  }, 60_000);

  it('still sends the end after a start that was on its way to the mail server when the end came', async () => {
    const person = await personWithConfirmedContacts(files, 'en-vuelo', [['Dani', 'Sanz']]);
    const before = smtp.received.length;
    const alertId = await start(person);
    const release = await inFlight((mail) => STARTED.test(mail.subject ?? '') && addressOf(mail) === person.emails[0]);
    expect((await press(files, person.me, { alert_status: '2' })).status).toBe(200);
    await release();
    expect(relayed(before, person)).toEqual([
      [person.emails[0], 'started'],
      [person.emails[0], 'ended'],
    ]);
    expect((await rowsOf(alertId)).map((row) => [row.kind, row.status])).toEqual([
      ['alert-started', 'sent'],
      ['alert-ended', 'sent'],
    ]);
  }, 60_000);

  it('sends the end after a start whose sender died once the mail server had it, and the start again', async () => {
    const person = await personWithConfirmedContacts(files, 'caido', [['Iris', 'Paz']]);
    const [iris] = person.emails as [string];
    const before = smtp.received.length;
    const alertId = await start(person);
    // A sender of its own, to be killed: its database connection dies with it, as a process's does.
    const doomed = await createTestApp({ database: files.database, clock: files.clock, env: { SMTP_URL: smtp.url } });
    tolerateLostConnections(doomed.pool);
    try {
      smtp.hold = (mail) => STARTED.test(mail.subject ?? '') && addressOf(mail) === iris;
      // Its attempt can never be recorded: the connection is gone by then.
      const draining = doomed.drainOutbox().catch(() => undefined);
      await expect.poll(() => smtp.held.length).toBe(1);
      const claims = await files.pool.query<{ pid: number }>(
        "select claimed_by as pid from outbox where alert_id = $1 and kind = 'alert-started'",
        [alertId],
      );
      const pid = claims.rows[0]?.pid;
      expect(pid).toEqual(expect.any(Number));
      await files.pool.query('select pg_terminate_backend($1)', [pid]);
      await expect
        .poll(async () => (await files.pool.query('select 1 from pg_stat_activity where pid = $1', [pid])).rowCount)
        .toBe(0);

      // The end comes while nobody has sent the start again: the start may have left, so it stays, and the end goes.
      expect((await press(files, person.me, { alert_status: '2' })).status).toBe(200);
      expect((await rowsOf(alertId)).map((row) => [row.kind, row.status, row.attempts])).toEqual([
        ['alert-started', 'pending', 0],
        ['alert-ended', 'pending', 0],
      ]);
      // The mail server had taken it: Iris has the start.
      smtp.hold = undefined;
      smtp.release();
      await draining;
    } finally {
      smtp.hold = undefined;
      smtp.release();
      await doomed.close({ keepDatabase: true });
    }

    await relay.drainOutbox();
    // The start again (a crash in that window repeats an e-mail, never loses one), then the end.
    expect(relayed(before, person)).toEqual([
      [iris, 'started'],
      [iris, 'started'],
      [iris, 'ended'],
    ]);
    const sent = { recipient: iris, status: 'sent', attempts: 1, templateData: null };
    expect(await rowsOf(alertId)).toEqual([
      { kind: 'alert-started', ...sent },
      { kind: 'alert-ended', ...sent },
    ]);
  }, 60_000);

  it("ends for those who got the start and lists who was spared in the end's e-mail", async () => {
    const person = await personWithConfirmedContacts(files, 'mitad', [['Fabio', 'León']]);
    const [fabio] = person.emails as [string];
    // A first alert, whose end to Fabio is on its way to the mail server while the second alert starts.
    await start(person);
    await relay.drainOutbox();
    expect((await press(files, person.me, { alert_status: '2' })).status).toBe(200);
    const release = await inFlight((mail) => ENDED.test(mail.subject ?? '') && addressOf(mail) === fabio);
    // Elena accepts only now: nothing of hers waits.
    const elena = await confirmedContact(person, 'Elena');
    const before = smtp.received.length;
    const second = await start(person);
    // Another sender: Elena's start leaves; Fabio's waits behind the first alert's end.
    const other = await createTestApp({ database: files.database, clock: files.clock, env: { SMTP_URL: smtp.url } });
    try {
      await other.drainOutbox();
    } finally {
      await other.close({ keepDatabase: true });
    }
    expect(relayed(before, person)).toEqual([[elena, 'started']]);
    expect((await press(files, person.me, { alert_status: '2' })).status).toBe(200);
    await release();

    // Fabio gets the first alert's end and nothing of the second; Elena its start and its end.
    expect(relayed(before, person)).toEqual([
      [elena, 'started'],
      [fabio, 'ended'],
      [elena, 'ended'],
    ]);
    const end = smtp.received.slice(before).find((mail) => addressOf(mail) === elena && kindOf(mail) === 'ended');
    expect(end?.text).toContain('No se envió a Fabio: la alerta terminó antes de que saliera');
    expect(end?.text).toMatch(/Enviada a Elena \(\d\d:\d\d\), sin confirmar todavía/);
    expect((await rowsOf(second)).map((row) => [row.kind, row.recipient, row.status])).toEqual([
      ['alert-started', elena, 'sent'],
      ['alert-started', fabio, 'cancelled'],
      ['alert-ended', elena, 'sent'],
    ]);
  }, 60_000);

  it('withdraws nothing when the alert is ended with the duress PIN: the contacts are still alerted', async () => {
    const person = await personWithConfirmedContacts(files, 'coaccion', [['Gema', 'Vera']]);
    await setPins(files, person.me);
    const before = smtp.received.length;
    const alertId = await start(person);
    expect((await press(files, person.me, { alert_status: '2', ...MEXICO, pin: DURESS_PIN })).status).toBe(200);
    await relay.drainOutbox();
    expect(relayed(before, person).map(([address]) => address)).toEqual([person.emails[0], person.emails[0]]);
    expect(relayed(before, person)[0]).toEqual([person.emails[0], 'started']);
    expect((await rowsOf(alertId)).map((row) => [row.kind, row.status])).toEqual([
      ['alert-started', 'sent'],
      ['alert-duress', 'sent'],
    ]);
  }, 60_000);
});
