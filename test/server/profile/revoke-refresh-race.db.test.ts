import pg from 'pg';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionSchema, type Session } from '#shared/api/auth.ts';
import { sha256 } from '#server/security/hashing.ts';
import { signUp } from '#test/support/sign-up.ts';
import { createTestApp, type TestApp } from '#test/support/test-app.ts';

// 'Cerrar las demás sesiones' while the other devices refresh at that very moment:
// no pair issued during the revoke may outlive it (auth/refresh.ts, lockAccountSessions).

describe('closing the other sessions while they refresh', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_SIGNIN_PER_IP: '1000', RATE_LIMIT_VERIFY_PER_IP: '1000' } });
  });
  afterAll(() => t.close());

  async function signIn(email: string): Promise<Session> {
    expect((await t.post('signin', { email })).status).toBe(200);
    const code = await t.codeSentTo(email);
    return v.parse(sessionSchema, (await t.post('verify', { email, code })).body.message);
  }

  it('leaves no other session able to refresh or call the API, over many trials', async () => {
    for (let trial = 0; trial < 5; trial++) {
      const email = `carrera-${trial}@example.com`;
      const phone = await signUp(t, email);
      const others = [await signIn(email), await signIn(email), await signIn(email)];
      // The revoke leaves in the middle of the refreshes, so that some are mid-transaction when it runs.
      const refresh = (other: Session) => t.post('refresh', { refresh_token: other.refresh_token });
      const before = others.flatMap((other) => [refresh(other), refresh(other)]);
      const revoking = t.call('POST', 'profile/sessions/revoke-others', { token: phone.access_token });
      const after = others.flatMap((other) => [refresh(other), refresh(other)]);
      const [revoke, ...replies] = await Promise.all([revoking, ...before, ...after]);
      expect(revoke.status).toBe(200);
      const issued = replies
        .filter((reply) => reply.status === 200)
        .map((reply) => v.parse(sessionSchema, reply.body.message));
      const survivors: string[] = [];
      for (const session of [...others, ...issued]) {
        if ((await t.call('GET', 'profile', { token: session.access_token })).status !== 401) survivors.push('access');
        if ((await t.post('refresh', { refresh_token: session.refresh_token })).status !== 401)
          survivors.push('refresh');
      }
      expect({
        trial,
        survivors,
        phone: (await t.call('GET', 'profile', { token: phone.access_token })).status,
      }).toEqual({ trial, survivors: [], phone: 200 });
    }
  }, 60_000);

  it('revokes the pair a refresh issues while the revoke waits for it, in that exact interleaving', async () => {
    const email = 'carrera-exacta@example.com';
    const phone = await signUp(t, email);
    const other = await signIn(email);
    // Another connection holds the other device's session row: its refresh starts and waits there.
    const holder = new pg.Client({ connectionString: t.database.url });
    await holder.connect();
    const waiting = async () =>
      Number(
        (
          await holder.query<{ n: string }>(
            "select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
          )
        ).rows[0]!.n,
      );
    try {
      await holder.query('begin');
      await holder.query('select 1 from sessions where refresh_hash = $1 for update', [sha256(other.refresh_token)]);
      const refreshing = t.post('refresh', { refresh_token: other.refresh_token });
      await expect.poll(waiting).toBe(1);
      // The revoke starts while that refresh is mid-transaction, and waits too.
      const revoking = t.call('POST', 'profile/sessions/revoke-others', { token: phone.access_token });
      await expect.poll(waiting).toBe(2);
      await holder.query('commit');
      const [refreshed, revoke] = await Promise.all([refreshing, revoking]);
      expect([refreshed.status, revoke.status]).toEqual([200, 200]);

      // The refresh finished first and got a new pair; the revoke, after it, must have reached that pair.
      const issued = v.parse(sessionSchema, refreshed.body.message);
      expect({
        access: (await t.call('GET', 'profile', { token: issued.access_token })).status,
        refresh: (await t.post('refresh', { refresh_token: issued.refresh_token })).status,
        phone: (await t.call('GET', 'profile', { token: phone.access_token })).status,
      }).toEqual({ access: 401, refresh: 401, phone: 200 });
    } finally {
      await holder.end();
    }
  });
});
