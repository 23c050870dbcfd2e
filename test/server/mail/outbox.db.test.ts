import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox, users } from '#server/db/schema.ts';
import { enqueueMail, enqueueMails } from '#server/mail/outbox.ts';
import { BEGIN_SENDING, CLAIM_DUE } from '#server/mail/outbox-worker.ts';
import { startSmtpSink } from '#test/support/smtp-sink.ts';
import type { SmtpSink } from '#test/support/smtp-sink.ts';
import { signUp } from '#test/support/sign-up.ts';
import { createTestApp } from '#test/support/test-app.ts';
import type { TestApp } from '#test/support/test-app.ts';

/** A notice to the person (a new session): a kind whose data needs no account. */
const notice = (at: Date) => ({ firstname: 'Ana', device: 'Chrome en Android', at: at.toISOString() });

describe('e-mail delivery through the outbox', () => {
  let smtp: SmtpSink;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Botón de Pánico <avisos@example.org>' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers the code e-mail to a real SMTP server, in Spanish, text and HTML', async () => {
    await t.post('signin', { email: 'rosa@example.com' });
    await t.drainOutbox();
    const mail = smtp.received.at(-1);
    expect(mail?.subject).toMatch(/^Tu código de acceso: \d{4}$/);
    expect(mail?.from?.text).toContain('avisos@example.org');
    expect(mail?.text).toContain('vence en 10 minutos');
    expect(mail?.html).toContain(mail?.subject?.slice(-4));
    // Once sent, the row keeps no body: it may have held the code.
    const [row] = await t.db.select().from(outbox).where(eq(outbox.recipient, 'rosa@example.com'));
    expect(row).toMatchObject({
      status: 'sent',
      text: null,
      html: null,
      subject: null,
      templateData: null,
      attempts: 1,
    });
  });

  it('still sends, as it was written, an e-mail the previous version queued with its bodies before an upgrade', async () => {
    const before = smtp.received.length;
    const now = t.clock.now();
    // As the previous version wrote a code: subject, text and HTML, no data (it rendered when queuing).
    const [old] = await t.db
      .insert(outbox)
      .values({
        kind: 'signin-code',
        priority: 1,
        recipient: 'antes@example.com',
        subject: 'Tu código de acceso: 4821',
        text: 'Hola:\n\nTu código de acceso es 4821.',
        html: '<p>Tu código de acceso es <strong>4821</strong>.</p>',
        nextAttemptAt: now,
        createdAt: now,
      })
      .returning({ id: outbox.id });
    await t.drainOutbox();
    const sent = smtp.received.slice(before);
    expect(
      sent.map((mail) => [Array.isArray(mail.to) ? '' : mail.to?.text, mail.subject, mail.text?.trim(), mail.html]),
    ).toEqual([
      [
        'antes@example.com',
        'Tu código de acceso: 4821',
        'Hola:\n\nTu código de acceso es 4821.',
        '<p>Tu código de acceso es <strong>4821</strong>.</p>',
      ],
    ]);
    const [row] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.id, old?.id ?? 0));
    expect(row).toMatchObject({
      status: 'sent',
      attempts: 1,
      subject: null,
      text: null,
      html: null,
      templateData: null,
      lastError: null,
    });
  });

  it('keeps an e-mail the mail server refused and sends it later, even after a restart', async () => {
    smtp.refuse = true;
    const before = smtp.received.length;
    await t.post('signin', { email: 'saul@example.com' });
    await t.drainOutbox();
    const [failed] = await t.db.select().from(outbox).where(eq(outbox.recipient, 'saul@example.com'));
    expect(failed).toMatchObject({ status: 'pending', attempts: 1 });
    expect(failed?.lastError).toContain('451');
    expect(failed?.lastError).not.toContain('saul');
    expect(t.log.text()).toContain('envío fallido');
    expect(t.log.text()).not.toContain('saul@example.com');

    // The server restarts on the same database while the mail server recovers.
    await t.close({ keepDatabase: true });
    smtp.refuse = false;
    t = await createTestApp({ database: t.database, clock: t.clock, env: { SMTP_URL: smtp.url } });
    await t.drainOutbox();
    expect(smtp.received).toHaveLength(before); // not due yet: backoff
    t.clock.advance(2_000);
    await t.drainOutbox();
    expect(smtp.received).toHaveLength(before + 1);
    expect(smtp.received.at(-1)?.to).toMatchObject({ text: 'saul@example.com' });
  });

  it('gives up at once on an address the mail server refuses for good, records why, and sends the others', async () => {
    smtp.unknown.add('inexistente@example.com');
    const before = smtp.received.length;
    const mail = notice(t.clock.now());
    await t.db.transaction(async (tx) => {
      await enqueueMail(tx, 'new-session', 'inexistente@example.com', mail, t.clock.now());
      await enqueueMail(tx, 'new-session', 'existe@example.com', mail, t.clock.now());
    });
    await t.drainOutbox();
    smtp.unknown.clear();
    expect(smtp.received.slice(before).map((m) => (Array.isArray(m.to) ? '' : m.to?.text))).toEqual([
      'existe@example.com',
    ]);
    const [row] = await t.db.select().from(outbox).where(eq(outbox.recipient, 'inexistente@example.com'));
    expect(row).toMatchObject({ status: 'failed', attempts: 1, lastError: 'Error EENVELOPE smtp 550' });
    expect(t.log.text()).toMatch(/envío fallido \(intento 1, Error EENVELOPE smtp 550\), abandonado/);
    expect(t.log.text()).not.toContain('inexistente@example.com');
    // Not tried again later either.
    t.clock.advance(10 * 60_000);
    await t.drainOutbox();
    expect(smtp.received).toHaveLength(before + 1);
  });

  it('waits longer after each failure, up to five minutes', async () => {
    const { retryDelayMs } = await import('#server/mail/outbox-worker.ts');
    expect([1, 2, 3, 4, 8, 20].map((n) => retryDelayMs(n, 300_000))).toEqual([
      2_000, 4_000, 8_000, 16_000, 256_000, 300_000,
    ]);
  });

  it('never sends one e-mail twice when two servers drain the same outbox', async () => {
    const other = await createTestApp({ database: t.database, clock: t.clock, env: { SMTP_URL: smtp.url } });
    const before = smtp.received.length;
    const mail = notice(t.clock.now());
    await t.db.transaction(async (tx) => {
      for (let i = 0; i < 20; i += 1) await enqueueMail(tx, 'new-session', `lote${i}@example.com`, mail, t.clock.now());
    });
    await Promise.all([t.drainOutbox(), other.drainOutbox()]);
    await other.close({ keepDatabase: true });
    const batch = smtp.received.slice(before).map((m) => (Array.isArray(m.to) ? '' : m.to?.text));
    expect(batch).toHaveLength(20);
    expect(new Set(batch).size).toBe(20);
  });

  it('fails for good a row whose stored data it cannot read, records why, and sends the others', async () => {
    const before = smtp.received.length;
    const now = t.clock.now();
    const [broken] = await t.db
      .insert(outbox)
      .values({
        kind: 'alert-started',
        recipient: 'ilegible@example.com',
        templateData: '{"alertId": 7',
        nextAttemptAt: now,
        createdAt: now,
      })
      .returning({ id: outbox.id });
    await t.db.transaction((tx) => enqueueMail(tx, 'new-session', 'legible@example.com', notice(now), now));
    await t.drainOutbox();
    expect(smtp.received.slice(before).map((mail) => (Array.isArray(mail.to) ? '' : mail.to?.text))).toEqual([
      'legible@example.com',
    ]);
    const [row] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.id, broken?.id ?? 0));
    // Reading it again cannot help: it fails at once, alone.
    expect(row).toMatchObject({ status: 'failed', attempts: 1, lastError: 'plantilla ilegible' });
    expect(t.log.text()).toContain('plantilla ilegible');
  });

  it('sends a queued e-mail within moments when the worker is running, without polling', async () => {
    await t.worker.start();
    const before = smtp.received.length;
    await t.post('signin', { email: 'tere@example.com' });
    await expect.poll(() => smtp.received.length, { timeout: 3_000, interval: 20 }).toBe(before + 1);
    await t.worker.stop();
  });
});

describe('claiming e-mail to send from a long queue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** What an SOS e-mail's renderer reads; the claim never looks at it. */
  const alertData = () => ({
    alertId: '00000000-0000-4000-8000-000000000000',
    person: { name: 'Ana Pérez', phone: '+13055550100' },
    contactFirstname: 'Luis',
    at: t.clock.now().toISOString(),
    timezone: 'UTC',
    position: null,
  });

  type PlanNode = {
    'Node Type': string;
    'Relation Name'?: string;
    'Actual Rows': number;
    'Actual Loops': number;
    Plans?: PlanNode[];
  };

  /** The alert lane's claim of ten, explained as it runs in a transaction begun as a sender begins it. */
  async function claimPlan(): Promise<{ sorted: boolean; outboxRowsRead: number; claimed: number | undefined }> {
    const client = await t.pool.connect();
    try {
      await client.query(BEGIN_SENDING);
      const { rows } = await client.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>({
        text: `explain (analyze, format json) ${CLAIM_DUE.text}`,
        values: [t.clock.now(), 10, 0, new Date(0)],
      });
      const nodes: PlanNode[] = [];
      const walk = (node: PlanNode) => {
        nodes.push(node);
        node.Plans?.forEach(walk);
      };
      walk(rows[0]!['QUERY PLAN'][0].Plan);
      const outboxRowsRead = nodes
        .filter((node) => node['Relation Name'] === 'outbox')
        .reduce((sum, node) => sum + node['Actual Rows'] * node['Actual Loops'], 0);
      return {
        sorted: nodes.some((node) => node['Node Type'] === 'Sort'),
        outboxRowsRead,
        claimed: nodes[0]?.['Actual Rows'],
      };
    } finally {
      await client.query('rollback');
      client.release();
    }
  }

  it('reads only the batch it claims, though the statistics were taken while the outbox was empty', async () => {
    // A server just installed: autovacuum has seen the outbox empty. Then a burst of presses queues thousands.
    await t.pool.query('vacuum analyze outbox');
    for (let chunk = 0; chunk < 5; chunk += 1) {
      const burst = Array.from({ length: 2000 }, (_, i) => ({
        kind: 'alert-started' as const,
        to: `rafaga${chunk}-${i}@example.com`,
        data: alertData(),
      }));
      await t.db.transaction((tx) => enqueueMails(tx, burst, t.clock.now()));
    }
    expect(await claimPlan()).toEqual({ sorted: false, outboxRowsRead: 10, claimed: 10 });
  });

  it("reads past one account's backlog to its contacts without walking it, while a sender holds that account's next rows", async () => {
    await t.pool.query("update outbox set status = 'sent' where status = 'pending'");
    await signUp(t, 'mucho@example.com', 'Rosa');
    const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'mucho@example.com'));
    // Two hundred alert e-mails to each of its ten contacts, queued one after another: turns 0 to 199.
    for (let round = 0; round < 200; round += 1) {
      const mails = Array.from({ length: 10 }, (_, i) => ({
        kind: 'alert-started' as const,
        to: `contacto${i}@example.com`,
        data: alertData(),
      }));
      await t.db.transaction((tx) => enqueueMails(tx, mails, t.clock.now(), user!.id));
    }
    // Then other people's first e-mails.
    await t.db.transaction((tx) =>
      enqueueMails(
        tx,
        Array.from({ length: 10 }, (_, i) => ({
          kind: 'alert-started' as const,
          to: `otro${i}@example.com`,
          data: alertData(),
        })),
        t.clock.now(),
      ),
    );
    const holder = await t.pool.connect();
    try {
      // Another sender has claimed the account's first turn and is sending it.
      await holder.query('begin');
      await holder.query(`select id from outbox where status = 'pending' and user_id = $1 and turn = 0 for update`, [
        user!.id,
      ]);
      expect(await claimPlan()).toEqual({ sorted: false, outboxRowsRead: 20, claimed: 10 });
    } finally {
      await holder.query('rollback');
      holder.release();
    }
  });
});
