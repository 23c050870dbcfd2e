import { and, eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '#server/db/schema.ts';
import { MEXICO, personWithConfirmedContacts, press, type Person } from '#test/support/alert-people.ts';
import { startSmtpSink } from '#test/support/smtp-sink.ts';
import type { SmtpSink } from '#test/support/smtp-sink.ts';
import { createTestApp } from '#test/support/test-app.ts';
import type { TestApp } from '#test/support/test-app.ts';

// One account pressing and ending over and over queues e-mails to its contacts
// faster than a relay takes them. Another person's SOS must not wait for them.

const STARTED = /^ALERTA SOS: .* está en riesgo$/;
const ENDED = /finalizó su alerta SOS$/;
const TEN = [
  ['Ana', 'Díaz'],
  ['Beto', 'Gil'],
  ['Carla', 'Ruiz'],
  ['Dani', 'Sanz'],
  ['Elena', 'Mora'],
  ['Fabio', 'León'],
  ['Gema', 'Vera'],
  ['Hugo', 'Rey'],
  ['Inés', 'Paz'],
  ['Jorge', 'Luna'],
] satisfies [string, string][];

const addressOf = (mail: ParsedMail | undefined) =>
  mail && !Array.isArray(mail.to) ? mail.to?.value[0]?.address : undefined;
const kindOf = (mail: ParsedMail) =>
  STARTED.test(mail.subject ?? '') ? 'started' : ENDED.test(mail.subject ?? '') ? 'ended' : mail.subject;

describe('sharing the alert lane between people', () => {
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
  afterAll(async () => {
    await relay.close({ keepDatabase: true });
    await files.close();
    await smtp.close();
  });

  /**
   * The relay refuses each start once before its end is pressed, so nothing is
   * withdrawn (a cycle whose start nobody tried would send nothing:
   * src/server/alerts/withdraw-unsent.ts), and every row waits for its retry.
   */
  async function cycles(person: Person, count: number): Promise<void> {
    for (let i = 0; i < count; i += 1) {
      expect((await press(files, person.me, { alert_status: '1', ...MEXICO })).status).toBe(200);
      smtp.refuse = true;
      try {
        await relay.drainOutbox();
      } finally {
        smtp.refuse = false;
      }
      expect((await press(files, person.me, { alert_status: '2' })).status).toBe(200);
    }
  }

  it("sends a person's SOS in the first claims though another account queued 30 press and end cycles to 10 contacts before it", async () => {
    const flooder = await personWithConfirmedContacts(files, 'ciclos', TEN);
    const victim = await personWithConfirmedContacts(files, 'victima', [['Luis', 'Díaz']]);
    await cycles(flooder, 30);
    expect((await press(files, victim.me, { alert_status: '1', ...MEXICO })).status).toBe(200);
    // Every retry of the flooder's rows is due by now.
    files.clock.advance(10 * 60_000);
    const before = smtp.received.length;

    await relay.drainOutbox();
    const sent = smtp.received.slice(before);
    expect(sent).toHaveLength(30 * 2 * 10 + 1);
    const sos = sent.findIndex((mail) => addressOf(mail) === victim.emails[0]);
    expect(kindOf(sent[sos]!)).toBe('started');
    // The alert lane's two senders claim ten rows each: the flooder's first row
    // to each of its ten contacts may go with it, nothing of its later cycles.
    expect(sos).toBeLessThan(20);
    // Each of the flooder's contacts read every start and every end, once.
    const expected = [...Array.from({ length: 30 }, () => 'ended'), ...Array.from({ length: 30 }, () => 'started')];
    for (const email of flooder.emails)
      expect(
        sent
          .filter((mail) => addressOf(mail) === email)
          .map(kindOf)
          .sort(),
      ).toEqual(expected);
    expect(await files.db.select({ id: outbox.id }).from(outbox).where(eq(outbox.status, 'pending'))).toEqual([]);
  }, 120_000);

  it("claims no contact's end while its start is still being sent, however many senders look", async () => {
    const person = await personWithConfirmedContacts(files, 'en-orden', [['Marta', 'Gil']]);
    expect((await press(files, person.me, { alert_status: '1', ...MEXICO })).status).toBe(200);
    // The relay holds the start: its row stays claimed and pending all that time, and the end is pressed meanwhile.
    smtp.hold = (mail) => STARTED.test(mail.subject ?? '');
    const before = smtp.received.length;
    const draining = relay.drainOutbox();
    await expect.poll(() => smtp.held.length).toBe(1);
    expect((await press(files, person.me, { alert_status: '2' })).status).toBe(200);
    // A second worker on the same database finds nothing it may send yet.
    const other = await createTestApp({ database: files.database, clock: files.clock, env: { SMTP_URL: smtp.url } });
    try {
      await other.drainOutbox();
      expect(smtp.received.slice(before)).toEqual([]);
    } finally {
      await other.close({ keepDatabase: true });
    }
    smtp.hold = undefined;
    smtp.release();
    await draining;
    await relay.drainOutbox();
    expect(smtp.received.slice(before).map((mail) => [addressOf(mail), kindOf(mail)])).toEqual([
      [person.emails[0], 'started'],
      [person.emails[0], 'ended'],
    ]);
  }, 60_000);

  it("does not hold a contact's later e-mail behind an earlier one the mail server refused and that waits for its retry", async () => {
    const person = await personWithConfirmedContacts(files, 'reintento', [['Nora', 'Vega']]);
    const before = smtp.received.length;
    smtp.refuse = true;
    try {
      expect((await press(files, person.me, { alert_status: '1', ...MEXICO })).status).toBe(200);
      await relay.drainOutbox();
    } finally {
      smtp.refuse = false;
    }
    const [start] = await files.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.recipient, person.emails[0]!), eq(outbox.kind, 'alert-started')));
    expect(start).toMatchObject({ status: 'pending', attempts: 1, turn: 0 });
    expect((await press(files, person.me, { alert_status: '2' })).status).toBe(200);
    // The start waits for its retry; the end, the next turn to the same contact, is not held behind it.
    await relay.drainOutbox();
    expect(smtp.received.slice(before).map((mail) => [addressOf(mail), kindOf(mail)])).toEqual([
      [person.emails[0], 'ended'],
    ]);
    files.clock.advance(60_000);
    await relay.drainOutbox();
    expect(smtp.received.slice(before).map((mail) => [addressOf(mail), kindOf(mail)])).toEqual([
      [person.emails[0], 'ended'],
      [person.emails[0], 'started'],
    ]);
  }, 60_000);
});
