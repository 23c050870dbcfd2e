import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/api/auth.ts';
import { CODE_TTL_MS } from '#shared/constants.ts';
import { pruneExpired } from '#server/retention/prune.ts';
import { alerts, outbox, practiceAlerts, rateLimits, sessions, verifications } from '#server/db/schema.ts';
import { mailsTo, verifyTokenIn } from '#test/support/contact-mail.ts';
import { signUp } from '#test/support/sign-up.ts';
import { createTestApp } from '#test/support/test-app.ts';
import type { TestApp } from '#test/support/test-app.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('the hourly clean-up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const prune = (days = t.config.positionRetentionDays) =>
    pruneExpired(t.db, t.clock.now(), { ...t.config, positionRetentionDays: days });
  const press = (me: Session, body: object) =>
    t.call('PUT', 'active-button', {
      token: me.access_token,
      body: { timezone: 'America/Chicago', ...body },
      headers: { 'idempotency-key': randomUUID() },
    });
  const positionOf = async (alertId: string) => {
    const [row] = await t.db
      .select({ latitude: alerts.latitude, longitude: alerts.longitude, status: alerts.status })
      .from(alerts)
      .where(eq(alerts.id, alertId));
    return row;
  };

  it('erases an ended alert’s position 30 days after it ended, and never a running alert’s', async () => {
    const ended = await signUp(t, 'eva@example.com');
    const running = await signUp(t, 'rafa@example.com');
    const first = (
      (await press(ended, { alert_status: '1', latitude: '19.4326', longitude: '-99.1332' })).body.message as {
        alert_id: string;
      }
    ).alert_id;
    const still = (
      (await press(running, { alert_status: '1', latitude: '41.8781', longitude: '-87.6298' })).body.message as {
        alert_id: string;
      }
    ).alert_id;
    t.clock.advance(2 * DAY);
    await press(ended, { alert_status: '2' });

    t.clock.advance(30 * DAY - MINUTE);
    await prune();
    expect(await positionOf(first)).toEqual({ latitude: '19.4326', longitude: '-99.1332', status: 'ended' });
    t.clock.advance(2 * MINUTE);
    await prune();
    // The alert itself stays (when, in which zone); only where goes.
    expect(await positionOf(first)).toEqual({ latitude: '', longitude: '', status: 'ended' });
    expect(await positionOf(still)).toEqual({ latitude: '41.8781', longitude: '-87.6298', status: 'active' });
  });

  it('erases a practice alert’s position after the same retention, counted from the practice', async () => {
    const me = await signUp(t, 'prueba@example.com');
    const id = (
      (await press(me, { alert_status: '3', latitude: '6.2442', longitude: '-75.5812' })).body.message as {
        practice_id: string;
      }
    ).practice_id;
    const position = async () =>
      (
        await t.db
          .select({ latitude: practiceAlerts.latitude, longitude: practiceAlerts.longitude })
          .from(practiceAlerts)
          .where(eq(practiceAlerts.id, id))
      )[0];
    t.clock.advance(30 * DAY - MINUTE);
    await prune();
    expect(await position()).toEqual({ latitude: '6.2442', longitude: '-75.5812' });
    t.clock.advance(2 * MINUTE);
    await prune();
    expect(await position()).toEqual({ latitude: '', longitude: '' });
  });

  it('follows POSITION_RETENTION_DAYS', async () => {
    const me = await signUp(t, 'sol@example.com');
    const id = (
      (await press(me, { alert_status: '1', latitude: '10.5', longitude: '-66.9' })).body.message as {
        alert_id: string;
      }
    ).alert_id;
    await press(me, { alert_status: '2' });
    t.clock.advance(7 * DAY + MINUTE);
    await prune(30);
    expect((await positionOf(id))?.latitude).toBe('10.5');
    await prune(7);
    expect((await positionOf(id))?.latitude).toBe('');
  });

  it('purges expired codes, confirmation links, ended sessions and old rate-limit windows, and keeps live ones', async () => {
    const kept = await signUp(t, 'kept@example.com');
    const gone = await signUp(t, 'gone@example.com');
    await t.call('POST', 'logout', { token: gone.access_token });
    await t.call('POST', 'contacts', {
      token: kept.access_token,
      body: { firstname: 'Tía', lastname: 'Mora', email: 'tia@example.com', phone: '+13055550111', kinship: 'Tía' },
    });
    const link = verifyTokenIn((await mailsTo(t, 'tia@example.com'))[0]);
    await t.post('signin', { email: 'codigo@example.com' });
    const kinds = async () =>
      (await t.db.select({ type: verifications.type }).from(verifications)).map((r) => r.type).sort();
    expect(await kinds()).toEqual(['contact-invite', 'signin']);

    t.clock.advance(2 * CODE_TTL_MS + MINUTE);
    await prune();
    expect(await kinds()).toEqual(['contact-invite']);
    t.clock.advance(8 * DAY);
    await prune();
    expect(await kinds()).toEqual([]);
    expect((await t.call('GET', `verify-contact/${link}`)).status).toBe(404);
    expect(await t.db.select().from(rateLimits)).toEqual([]);
    // The signed-out session went a week after it ended; the live one stays and works.
    const owners = (await t.db.select({ userId: sessions.userId }).from(sessions)).map((r) => r.userId);
    expect(owners).not.toContain(gone.id);
    expect(owners).toContain(kept.id);
    expect((await t.call('GET', 'profile', { token: kept.access_token })).status).toBe(200);
    t.clock.advance(90 * DAY);
    await prune();
    expect((await t.db.select({ userId: sessions.userId }).from(sessions)).map((r) => r.userId)).not.toContain(kept.id);
  });

  it('keeps the count of wrong codes while it can still matter, then forgets it', async () => {
    const email = 'lenta@example.com';
    await t.post('signin', { email });
    for (const code of ['0000', '0001', '0002', '0003', '0004', '0005']) await t.post('verify', { email, code });
    const lockouts = async () =>
      (await t.db.select().from(verifications).where(eq(verifications.type, 'signin-lockout'))).length;
    expect(await lockouts()).toBe(1);
    t.clock.advance(DAY);
    await prune();
    // Lockout over, but a wrong code came less than 30 days ago: the next burn still doubles.
    expect(await lockouts()).toBe(1);
    t.clock.advance(30 * DAY);
    await prune();
    expect(await lockouts()).toBe(0);
  });

  it('forgets sent sign-in code e-mails after a day, and never one still waiting to go out', async () => {
    await t.post('signin', { email: 'recibo@example.com' });
    await t.drainOutbox();
    t.clock.advance(2 * MINUTE);
    await t.post('resend-code', { email: 'recibo@example.com' });
    const receipts = async () =>
      (await t.db.select({ status: outbox.status }).from(outbox).where(eq(outbox.recipient, 'recibo@example.com'))).map(
        (r) => r.status,
      );
    expect(await receipts()).toEqual(['sent', 'pending']);
    t.clock.advance(DAY);
    await prune();
    expect(await receipts()).toEqual(['pending']);
  });

  it('clears the body of an e-mail given up on (it may hold a code or a position), keeping the receipt', async () => {
    await t.post('signin', { email: 'sin-correo@example.com' });
    const [row] = await t.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(eq(outbox.recipient, 'sin-correo@example.com'));
    // What the outbox worker does after its last failed attempt.
    await t.db
      .update(outbox)
      .set({ status: 'failed' })
      .where(eq(outbox.id, row?.id ?? 0));
    await prune();
    const [after] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.id, row?.id ?? 0));
    expect(after).toMatchObject({
      status: 'failed',
      subject: null,
      text: null,
      html: null,
      recipient: 'sin-correo@example.com',
    });
  });

  it('clears the template data of an SOS e-mail given up on: it holds a position', async () => {
    const now = t.clock.now();
    const [row] = await t.db
      .insert(outbox)
      .values({
        kind: 'alert-started',
        recipient: 'sin-plantilla@example.com',
        templateData: '{"position":{"latitude":"19.4326"}}',
        status: 'failed',
        nextAttemptAt: now,
        createdAt: now,
      })
      .returning({ id: outbox.id });
    await prune();
    const [after] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.id, row?.id ?? 0));
    expect(after).toMatchObject({ status: 'failed', templateData: null, recipient: 'sin-plantilla@example.com' });
  });
});
