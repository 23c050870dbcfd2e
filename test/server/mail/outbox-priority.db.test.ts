import { desc, eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { outbox, users } from '#server/db/schema.ts';
import { enqueueMail, enqueueMails } from '#server/mail/outbox.ts';
import { startSenderThread } from '#server/sender/sender-thread.ts';
import { MEXICO, personWithConfirmedContacts, press } from '#test/support/alert-people.ts';
import { captureLog } from '#test/support/capture-log.ts';
import { startSmtpSink } from '#test/support/smtp-sink.ts';
import type { SmtpSink } from '#test/support/smtp-sink.ts';
import { createTestApp } from '#test/support/test-app.ts';
import type { TestApp } from '#test/support/test-app.ts';

// One account can queue a thousand invitations in seconds; a relay takes about
// fifteen messages a second. Another person's SOS must not wait for them.

const STARTED = /^ALERTA SOS: .* está en riesgo$/;
const INVITATION = {
  data: { userName: 'Rosa Masiva', contactFirstname: 'Hola', token: 'x' },
  subject: 'Rosa Masiva te agregó como contacto de emergencia',
};
const CODE = /^Tu código de acceso: \d{4}$/;

const addressOf = (mail: ParsedMail | undefined) => (mail && !Array.isArray(mail.to) ? mail.to?.text : undefined);

describe('which e-mail leaves first', () => {
  let smtp: SmtpSink;
  /** The app where people sign up and press: e-mail as files, its worker never started. */
  let files: TestApp;
  /** The same database, sending to a real SMTP server. */
  let relay: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    files = await createTestApp();
    relay = await createTestApp({ database: files.database, clock: files.clock, env: { SMTP_URL: smtp.url } });
  });
  afterEach(() => {
    smtp.hold = undefined;
    smtp.release();
  });
  afterAll(async () => {
    await relay.close({ keepDatabase: true });
    await files.close();
    await smtp.close();
  });

  /** `count` invitations of one account to new addresses, queued as POST /api/contacts queues each. */
  async function queueInvitations(tag: string, count: number): Promise<string[]> {
    const addresses = Array.from({ length: count }, (_, i) => `${tag}${i}@example.com`);
    // From the account of the person who pressed last: the links are derived from it when the e-mails are rendered.
    const [account] = await files.db.select({ id: users.id }).from(users).orderBy(desc(users.createdAt)).limit(1);
    const mails = addresses.map((to) => ({ kind: 'contact-invitation' as const, to, data: INVITATION.data }));
    await files.db.transaction((tx) => enqueueMails(tx, mails, files.clock.now(), account?.id ?? null));
    return addresses;
  }

  it('sends an SOS queued after 1,000 invitations before them, and a sign-in code asked for after them next', async () => {
    const rosa = await personWithConfirmedContacts(files, 'prioridad', [['Luis', 'Díaz']]);
    const invited = await queueInvitations('invitado', 1000);
    expect((await press(files, rosa.me, { alert_status: '1', ...MEXICO })).status).toBe(200);
    expect((await files.post('signin', { email: 'espera-codigo@example.com' })).status).toBe(200);
    const before = smtp.received.length;

    await relay.drainOutbox();
    const sent = smtp.received.slice(before);
    expect(sent).toHaveLength(1002);
    const sos = sent.findIndex((mail) => STARTED.test(mail.subject ?? ''));
    const code = sent.findIndex((mail) => CODE.test(mail.subject ?? ''));
    expect(addressOf(sent[sos])).toBe(rosa.emails[0]);
    expect(addressOf(sent[code])).toBe('espera-codigo@example.com');
    // At most the first batch of invitations (five) may reach the relay alongside them.
    expect(sos).toBeLessThan(6);
    expect(code).toBeLessThan(6);
    expect(new Set(sent.filter((mail) => mail.subject === INVITATION.subject).map(addressOf))).toEqual(
      new Set(invited),
    );
    const rows = await files.db.select({ status: outbox.status }).from(outbox).where(eq(outbox.status, 'pending'));
    expect(rows).toEqual([]);
  }, 120_000);

  it('sends an SOS while every invitation claimed so far is still held by a slow relay', async () => {
    const ana = await personWithConfirmedContacts(files, 'en-vuelo', [['Eva', 'Sanz']]);
    const invited = await queueInvitations('retenido', 30);
    smtp.hold = (mail) => mail.subject === INVITATION.subject;
    const before = smtp.received.length;
    const invitations = relay.drainOutbox();
    await expect.poll(() => smtp.held.length).toBeGreaterThan(0);

    expect((await press(files, ana.me, { alert_status: '1', ...MEXICO })).status).toBe(200);
    const sos = relay.drainOutbox();
    await expect.poll(() => smtp.received.slice(before).map(addressOf), { timeout: 10_000 }).toEqual([ana.emails[0]]);
    expect(STARTED.test(smtp.received.at(-1)?.subject ?? '')).toBe(true);
    // The invitations were still in flight all along.
    expect(smtp.held.length).toBeGreaterThan(0);

    smtp.hold = undefined;
    smtp.release();
    await Promise.all([invitations, sos]);
    expect(new Set(smtp.received.slice(before + 1).map(addressOf))).toEqual(new Set(invited));
  }, 60_000);

  it('delivers from the sender thread the server runs, with its own connections, and stops cleanly', async () => {
    const log = captureLog();
    const { smtpUrl: _files, ...config } = relay.config;
    const thread = await startSenderThread(
      { databaseUrl: relay.database.url, config: { ...config, smtpUrl: smtp.url } },
      log,
    );
    try {
      const before = smtp.received.length;
      // The thread keeps real time.
      const id = await files.db.transaction((tx) =>
        enqueueMail(tx, 'signin-code', 'hilo@example.com', { code: '1234' }, new Date()),
      );
      await expect
        .poll(() => smtp.received.slice(before).map(addressOf), { timeout: 10_000 })
        .toEqual(['hilo@example.com']);
      await expect
        .poll(async () => (await files.db.select().from(outbox).where(eq(outbox.id, id)))[0])
        .toMatchObject({
          status: 'sent',
          attempts: 1,
          subject: null,
          text: null,
          html: null,
        });
      // The thread hands its log lines over in batches, a moment later.
      await expect.poll(() => log.text()).toContain(`correo ${id} enviado por SMTP`);
      expect(log.text()).not.toContain('hilo@example.com');
    } finally {
      await thread.stop();
    }
  }, 60_000);
});
