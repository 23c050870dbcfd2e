import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_LENGTH } from '#shared/constants.ts';
import { apiMessages } from '#shared/messages.ts';
import { outbox } from '#server/db/schema.ts';
import { mailsTo } from '#test/support/contact-mail.ts';
import { signUp } from '#test/support/sign-up.ts';
import { createTestApp } from '#test/support/test-app.ts';
import type { Reply, TestApp } from '#test/support/test-app.ts';

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('wrong codes lock an address out for longer and longer', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** Codes that are certainly wrong: every 4-digit code but the one just e-mailed. */
  const wrongCodes = (right: string) =>
    Array.from({ length: 10 ** CODE_LENGTH }, (_, i) => String(i).padStart(CODE_LENGTH, '0')).filter(
      (c) => c !== right,
    );
  const guess = (email: string, code: string) => t.post('verify', { email, code });

  /** The newest code queued for the address, read from the outbox (the inbox is slow to parse in the long run below). */
  async function newestCode(email: string): Promise<string> {
    const [row] = await t.db
      .select({ data: outbox.templateData })
      .from(outbox)
      .where(and(eq(outbox.recipient, email), eq(outbox.kind, 'signin-code')))
      .orderBy(desc(outbox.id))
      .limit(1);
    // The row stores the code as its kind's data, rendered when it is sent (src/server/messages/kinds.ts).
    const code = /"code":"(\d{4})"/.exec(row?.data ?? '')?.[1];
    if (!code) throw new Error(`no code queued for ${email}`);
    return code;
  }

  async function burn(email: string, tries = 5): Promise<Reply[]> {
    const right = await newestCode(email);
    const replies: Reply[] = [];
    for (const code of wrongCodes(right).slice(0, tries)) replies.push(await guess(email, code));
    return replies;
  }

  it('burns the code on the fifth wrong try, then makes the address wait 1, 8, then 64 minutes, with a clear Spanish 429', async () => {
    const email = 'olga@example.com';
    for (const [cycle, wait] of [1, 8, 64].entries()) {
      expect((await t.post('signin', { email })).status, `cycle ${cycle}`).toBe(200);
      const replies = await burn(email);
      expect(replies.slice(0, 4).map((r) => r.body.errors?.code)).toEqual(Array(4).fill([apiMessages.codeWrong]));
      expect(replies[4]).toMatchObject({
        status: 422,
        body: { success: false, errors: { code: [apiMessages.codeBurned] } },
      });

      for (const path of ['signin', 'resend-code']) {
        const locked = await t.post(path, { email });
        expect(locked).toMatchObject({ status: 429, body: { success: false, message: apiMessages.signinLocked } });
        expect(locked.headers.get('retry-after')).toBe(String(wait * 60));
      }
      t.clock.advance(wait * MINUTE - 1_000);
      expect((await t.post('signin', { email })).status).toBe(429);
      t.clock.advance(1_000);
    }
    expect(apiMessages.signinLocked).toMatch(/^Por seguridad no podemos enviar otro código/);
  });

  it('never locks an address for more than 48 hours, however many codes are burned', async () => {
    const email = 'ursula@example.com';
    const waits: number[] = [];
    for (let round = 0; round < 8; round += 1) {
      expect((await t.post('resend-code', { email })).status, `round ${round}`).toBe(200);
      await burn(email);
      const locked = await t.post('resend-code', { email });
      expect(locked).toMatchObject({ status: 429, body: { success: false, message: apiMessages.signinLocked } });
      waits.push(Number(locked.headers.get('retry-after')));
      t.clock.advance(waits.at(-1)! * 1000);
    }
    const minutes = [1, 8, 64, 512, 48 * 60, 48 * 60, 48 * 60, 48 * 60];
    expect(waits).toEqual(minutes.map((m) => m * 60));
  });

  it('gives no code through the lockout to a resend that races the fifth wrong code', async () => {
    const email = 'valeria@example.com';
    await signUp(t, email, 'Valeria');
    t.clock.advance(MINUTE);
    await t.post('signin', { email });
    await burn(email, 4);
    const codesBefore = await t.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.recipient, email), eq(outbox.kind, 'signin-code')));

    // Hold the fifth guess's transaction open after it wrote the lockout: it stops at
    // the owner's warning e-mail while the outbox table is locked by this connection.
    const locker = new pg.Client({ connectionString: t.database.url });
    await locker.connect();
    const waiting = async () => {
      const { rows } = await locker.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
      );
      return rows[0]?.n ?? 0;
    };
    try {
      await locker.query('begin');
      await locker.query('lock table outbox in exclusive mode');
      const fifth = guess(email, wrongCodes(await newestCode(email))[0]!);
      await expect.poll(waiting, { timeout: 5_000, interval: 10 }).toBe(1);
      const resend = t.post('resend-code', { email });
      await expect.poll(waiting, { timeout: 5_000, interval: 10 }).toBe(2);
      await locker.query('commit');

      expect(await fifth).toMatchObject({
        status: 422,
        body: { success: false, errors: { code: [apiMessages.codeBurned] } },
      });
      const raced = await resend;
      expect(raced).toMatchObject({ status: 429, body: { success: false, message: apiMessages.signinLocked } });
      expect(raced.headers.get('retry-after')).toBe('60');
    } finally {
      await locker.end();
    }
    const codesAfter = await t.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.recipient, email), eq(outbox.kind, 'signin-code')));
    expect(codesAfter).toEqual(codesBefore);
  });

  it('does not start the count again when a new code is asked for', async () => {
    const email = 'pilar@example.com';
    await t.post('signin', { email });
    await burn(email, 4);
    expect((await t.post('resend-code', { email })).status).toBe(200);
    const [fifth] = await burn(email, 1);
    expect(fifth).toMatchObject({ status: 422, body: { errors: { code: [apiMessages.codeBurned] } } });
    expect((await t.post('resend-code', { email })).status).toBe(429);
  });

  it('starts the count again after the right code', async () => {
    const email = 'quique@example.com';
    await signUp(t, email);
    t.clock.advance(MINUTE);
    await t.post('signin', { email });
    await burn(email, 4);
    expect((await guess(email, await newestCode(email))).status).toBe(200);
    t.clock.advance(MINUTE);
    await t.post('signin', { email });
    const replies = await burn(email, 4);
    expect(replies.map((r) => r.body.errors?.code)).toEqual(Array(4).fill([apiMessages.codeWrong]));
    expect((await t.post('resend-code', { email })).status).toBe(200);
  });

  it('e-mails the account owner in Spanish for each burned code, never the code, and answers the guesser exactly as for an unknown address', async () => {
    const owner = 'rita@example.com';
    const stranger = 'nadie-rita@example.com';
    await signUp(t, owner, 'Rita');
    t.clock.advance(MINUTE);
    const trace = async (email: string) => {
      const seen: unknown[] = [];
      for (let round = 0; round < 2; round += 1) {
        const asked = await t.post('signin', { email });
        const replies = await burn(email);
        const locked = await t.post('resend-code', { email });
        seen.push(
          [asked, ...replies, locked].map((r) => ({
            status: r.status,
            body: r.body,
            retry: r.headers.get('retry-after'),
          })),
        );
        t.clock.advance(Number(locked.headers.get('retry-after')) * 1000);
      }
      return seen;
    };
    expect(await trace(stranger)).toEqual(await trace(owner));

    const warnings = (await mailsTo(t, owner)).filter((m) => m.subject === 'Intentos fallidos de entrar a tu cuenta');
    expect(warnings).toHaveLength(2);
    expect(warnings[0]?.text).toContain('Hola, Rita:');
    expect(warnings[0]?.text).toContain('nadie entró a tu cuenta');
    expect(warnings[0]?.text).toContain('dentro de 1 minuto');
    expect(warnings[1]?.text).toContain('dentro de 8 minutos');
    expect(warnings[0]?.text).toContain('nunca más de 48 horas');
    expect(warnings[0]?.text).toContain('botón SOS sigue funcionando');
    expect(warnings[0]?.html).toContain('<html lang="es">');
    expect(warnings[0]?.text).not.toMatch(/\b\d{4}\b/);
    expect(
      (await mailsTo(t, stranger)).filter((m) => m.subject === 'Intentos fallidos de entrar a tu cuenta'),
    ).toHaveLength(0);
  });

  it('never touches a signed-in person: SOS, refresh and contacts work while their address is locked out', async () => {
    const email = 'sara@example.com';
    const sara = await signUp(t, email, 'Sara');
    t.clock.advance(MINUTE);
    for (let round = 0; round < 3; round += 1) {
      expect((await t.post('signin', { email })).status).toBe(200);
      await burn(email);
      const locked = await t.post('signin', { email });
      expect(locked.status).toBe(429);
      if (round < 2) t.clock.advance(Number(locked.headers.get('retry-after')) * 1000);
    }

    const sos = await t.call('PUT', 'active-button', {
      token: sara.access_token,
      body: { alert_status: '1', latitude: '', longitude: '', timezone: 'America/Chicago' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(sos).toMatchObject({ status: 200, body: { success: true, message: { alert_status: true } } });
    expect((await t.call('GET', 'contacts', { token: sara.access_token })).status).toBe(200);
    const refreshed = await t.post('refresh', { refresh_token: sara.refresh_token });
    expect(refreshed).toMatchObject({ status: 200, body: { success: true, message: { alert_status: true } } });
  });

  it('leaves a guesser under 1% in 30 days with the real limits (docs/security.md)', async () => {
    const email = 'objetivo@example.com';
    await signUp(t, email, 'Tomás');
    const start = t.clock.now().getTime();
    let guesses = 0;
    let burns = 0;
    while (t.clock.now().getTime() < start + 30 * DAY) {
      const asked = await t.post('resend-code', { email });
      if (asked.status === 429) {
        t.clock.advance(Number(asked.headers.get('retry-after')) * 1000);
        continue;
      }
      expect(asked.status).toBe(200);
      // The guesser is never lucky here: that makes every guess count, the worst case for us.
      for (const reply of await burn(email)) {
        expect(reply.status).toBe(422);
        guesses += 1;
      }
      burns += 1;
    }
    const chance = guesses / 10 ** CODE_LENGTH;
    // docs/security.md: codes at 0, 1, 9, 73 and 585 minutes, then one every 48 hours: 19 in 30 days.
    expect(burns).toBe(19);
    expect(guesses).toBe(95);
    expect(chance).toBeLessThan(0.01);
    const warnings = (await mailsTo(t, email)).filter((m) => m.subject === 'Intentos fallidos de entrar a tu cuenta');
    expect(warnings).toHaveLength(burns);
  }, 120_000);
});
