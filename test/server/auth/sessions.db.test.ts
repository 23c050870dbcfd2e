import { Hono } from 'hono';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionSchema } from '#shared/api/auth.ts';
import { apiMessages } from '#shared/messages.ts';
import { createSessionLookup, requireBearer } from '#server/auth/bearer.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { signUp } from '#test/support/sign-up.ts';
import { createTestApp } from '#test/support/test-app.ts';
import type { TestApp } from '#test/support/test-app.ts';

describe('staying signed in and signing out', () => {
  let t: TestApp;
  let guarded: Hono<AppEnv>;
  beforeAll(async () => {
    t = await createTestApp();
    // A stand-in for the signed-in routes to come.
    guarded = new Hono<AppEnv>().get('/me', requireBearer({ ...t, sessionLookup: createSessionLookup(t.pool) }), (c) =>
      c.json({ success: true, message: c.var.auth.userId }),
    );
  });
  afterAll(() => t.close());

  const me = (token?: string) => guarded.request('/me', { headers: token ? { authorization: `Bearer ${token}` } : {} });
  const refresh = async (token: string) => {
    const reply = await t.post('refresh', { refresh_token: token });
    return { ...reply, session: reply.status === 200 ? v.parse(sessionSchema, reply.body.message) : undefined };
  };

  it('lets a signed-in person in with their access token and turns others away with "Sesión expirada"', async () => {
    const session = await signUp(t, 'ines@example.com');
    const ok = await me(session.access_token);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ success: true, message: session.id });
    for (const token of [undefined, 'not-a-token', session.refresh_token]) {
      const res = await me(token);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ success: false, message: 'Sesión expirada' });
    }
  });

  it('tells apart the people whose requests arrive at the same moment', async () => {
    // The session checks of requests that arrive together share one query (src/server/db/batched.ts).
    const people = await Promise.all(
      ['nora', 'olga', 'pablo', 'quique'].map((name) => signUp(t, `${name}-juntos@example.com`)),
    );
    const [gone, ...others] = people;
    expect((await t.post('logout', {}, { authorization: `Bearer ${gone!.access_token}` })).status).toBe(200);
    const tokens = [
      ...others.map((person) => person.access_token),
      gone!.access_token,
      'not-a-token',
      others[0]!.access_token,
    ];
    const replies = await Promise.all(
      tokens.map(async (token) => {
        const res = await me(token);
        return { status: res.status, body: await res.json() };
      }),
    );
    expect(replies).toEqual([
      ...others.map((person) => ({ status: 200, body: { success: true, message: person.id } })),
      { status: 401, body: { success: false, message: 'Sesión expirada' } },
      { status: 401, body: { success: false, message: 'Sesión expirada' } },
      { status: 200, body: { success: true, message: others[0]!.id } },
    ]);
  });

  it('ends the session 90 days after it was issued', async () => {
    const session = await signUp(t, 'jose@example.com');
    t.clock.advance(90 * 24 * 60 * 60_000);
    expect((await me(session.access_token)).status).toBe(401);
    expect((await refresh(session.refresh_token)).status).toBe(401);
  });

  it('swaps tokens on refresh and keeps the session sliding', async () => {
    const first = await signUp(t, 'karla@example.com');
    t.clock.advance(24 * 60 * 60_000);
    const { status, session } = await refresh(first.refresh_token);
    expect(status).toBe(200);
    expect(session?.access_token).not.toBe(first.access_token);
    expect(session?.refresh_token).not.toBe(first.refresh_token);
    expect(session?.issued_at).toBe(t.clock.now().toISOString());
    expect(session).toMatchObject({
      email: 'karla@example.com',
      contacts: 0,
      roles: ['person'],
      permissions: ['view'],
    });
    expect((await me(session?.access_token)).status).toBe(200);
  });

  it('gives the page and the service worker the same new tokens when they refresh at once', async () => {
    const first = await signUp(t, 'luis@example.com');
    const [a, b] = await Promise.all([refresh(first.refresh_token), refresh(first.refresh_token)]);
    t.clock.advance(59_000);
    const c = await refresh(first.refresh_token);
    expect([a.status, b.status, c.status]).toEqual([200, 200, 200]);
    expect(b.session?.access_token).toBe(a.session?.access_token);
    expect(c.session?.refresh_token).toBe(a.session?.refresh_token);
    // A request sent with the old access token just before the refresh still goes through.
    expect((await me(first.access_token)).status).toBe(200);
  });

  it('ends the whole session when an old refresh token comes back after the grace minute, once its successor was used', async () => {
    const first = await signUp(t, 'maria@example.com');
    const next = (await refresh(first.refresh_token)).session;
    // The phone stored the new pair and signed a request with it.
    expect((await me(next?.access_token)).status).toBe(200);
    t.clock.advance(61_000);
    const replay = await t.post('refresh', { refresh_token: first.refresh_token });
    expect(replay).toMatchObject({ status: 401, body: { success: false, message: apiMessages.refreshInvalid } });
    // The thief's replay also locks out the newer tokens of that family.
    expect((await me(next?.access_token)).status).toBe(401);
    expect((await refresh(next?.refresh_token ?? '')).status).toBe(401);
    expect((await me(first.access_token)).status).toBe(401);
  });

  it('gives the same new pair, hours later, to a phone that died between the rotation and storing it', async () => {
    const first = await signUp(t, 'lidia@example.com');
    const lost = (await refresh(first.refresh_token)).session;
    // The reply never reached the phone's disk: it comes back with the old pair after a recharge.
    t.clock.advance(5 * 60 * 60_000);
    expect((await me(first.access_token)).status).toBe(401);
    const again = await refresh(first.refresh_token);
    expect(again.status).toBe(200);
    expect(again.session).toEqual(lost);
    expect((await me(again.session?.access_token)).status).toBe(200);
    // Once used, the pair is the phone's: the old token coming back now is a thief's replay.
    t.clock.advance(61_000);
    expect((await refresh(first.refresh_token)).status).toBe(401);
    expect((await me(again.session?.access_token)).status).toBe(401);
  });

  it('counts a successor refreshed in its turn as used, and ends the session when its old token comes back', async () => {
    const first = await signUp(t, 'marta@example.com');
    const second = (await refresh(first.refresh_token)).session;
    t.clock.advance(24 * 60 * 60_000);
    const third = (await refresh(second?.refresh_token ?? '')).session;
    expect(third?.access_token).toBeTruthy();
    t.clock.advance(61_000);
    expect((await refresh(first.refresh_token)).status).toBe(401);
    expect((await refresh(third?.refresh_token ?? '')).status).toBe(401);
  });

  it('signs out: the tokens stop working, and other devices stay signed in', async () => {
    const phone = await signUp(t, 'nora@example.com');
    t.clock.advance(61_000);
    await t.post('signin', { email: 'nora@example.com' });
    const laptop = v.parse(
      sessionSchema,
      (await t.post('verify', { email: 'nora@example.com', code: await t.codeSentTo('nora@example.com') })).body
        .message,
    );

    const out = await t.post('logout', {}, { authorization: `Bearer ${phone.access_token}` });
    expect(out).toMatchObject({ status: 200, body: { success: true, message: apiMessages.signedOut } });
    expect((await me(phone.access_token)).status).toBe(401);
    expect((await refresh(phone.refresh_token)).status).toBe(401);
    expect((await me(laptop.access_token)).status).toBe(200);

    const twice = await t.post('logout', {}, { authorization: `Bearer ${phone.access_token}` });
    expect(twice).toMatchObject({ status: 401, body: { message: 'Sesión expirada' } });
  });
});

describe('refresh races between the page and the service worker', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const refresh = async (token: string) => {
    const reply = await t.post('refresh', { refresh_token: token });
    return reply.status === 200 ? v.parse(sessionSchema, reply.body.message) : undefined;
  };
  const profile = async (token: string | undefined) => (await t.call('GET', 'profile', { token })).status;

  it('keeps the person signed in when page and worker each refresh with the token the other just rotated', async () => {
    const first = await signUp(t, 'olga@example.com');
    // Five refreshes at once with the same token (tabs, the worker): one new pair for all.
    const burst = await Promise.all(Array.from({ length: 5 }, () => refresh(first.refresh_token)));
    expect(new Set(burst.map((s) => s?.refresh_token)).size).toBe(1);
    const second = burst[0];

    // The worker, still holding the first token, comes 30 s later; the page rotates again 10 s after that.
    t.clock.advance(30_000);
    expect((await refresh(first.refresh_token))?.access_token).toBe(second?.access_token);
    t.clock.advance(10_000);
    const third = await refresh(second?.refresh_token ?? '');
    t.clock.advance(10_000);
    expect((await refresh(second?.refresh_token ?? ''))?.access_token).toBe(third?.access_token);

    // Nobody was logged out: the newest pair works and keeps rotating, long after every grace.
    t.clock.advance(24 * 60 * 60_000);
    expect(await profile(third?.access_token)).toBe(200);
    const fourth = await refresh(third?.refresh_token ?? '');
    expect(await profile(fourth?.access_token)).toBe(200);
    // A rotated access token works only through the grace minute.
    expect(await profile(second?.access_token)).toBe(401);
  });

  it('does not bring back a session signed out inside the grace minute', async () => {
    const first = await signUp(t, 'pepe@example.com');
    const second = await refresh(first.refresh_token);
    const out = await t.call('POST', 'logout', { token: second?.access_token });
    expect(out.status).toBe(200);
    t.clock.advance(10_000);
    // The old refresh token would have been handed the same pair: that pair is signed out.
    expect(await t.post('refresh', { refresh_token: first.refresh_token })).toMatchObject({
      status: 401,
      body: { message: apiMessages.refreshInvalid },
    });
    expect(await profile(first.access_token)).toBe(401);
    expect(await profile(second?.access_token)).toBe(401);
  });
});
