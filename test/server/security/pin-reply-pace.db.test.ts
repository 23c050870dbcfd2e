import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/api/auth.ts';
import { PIN_HEADER } from '#shared/api/pins.ts';
import { MEXICO, personWithConfirmedContacts, press } from '#test/support/alert-people.ts';
import { DURESS_PIN, PIN, setPins } from '#test/support/pins.ts';
import { createTestApp, type TestApp } from '#test/support/test-app.ts';

// Every reply to a request that carries a PIN leaves no earlier than PIN_REPLY_PACE_MS after it
// arrived, on every route the app has (today's and those added later: the routes are read from
// the app itself), whatever the PIN and whoever asks; a request without a PIN is never held.

// Far above what any of these requests takes even on a busy machine, so that a reply not held shows.
const PACE_MS = 4000;
/** Node's timers may fire a fraction of a millisecond before the time asked, as performance.now() reads it. */
const TIMER_SLACK_MS = 2;

/** Every API route of the app, with a made-up id in each parameter. */
function apiRoutes(t: TestApp): { method: string; path: string }[] {
  const seen = new Set<string>();
  return t.app.routes
    .filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/') && !route.path.includes('*'))
    .map((route) => ({ method: route.method, path: route.path.slice('/api/'.length).replace(/:[^/]+/g, randomUUID()) }))
    .filter((route) => {
      const key = `${route.method} ${route.path.replace(/[0-9a-f-]{36}/g, ':id')}`;
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
}

async function timed<T>(request: () => Promise<T>): Promise<{ ms: number; reply: T }> {
  const started = performance.now();
  const reply = await request();
  return { ms: performance.now() - started, reply };
}

// Side by side: each test waits out the pace, on people of its own.
describe.concurrent('replies to requests that carry a PIN', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PIN_REPLY_PACE_MS: String(PACE_MS) } });
  });
  afterAll(() => t.close());

  it('are held until the pace on every API route, signed in or not, with the PIN in the header or the body', async ({
    expect,
  }) => {
    const { me } = await personWithConfirmedContacts(t, 'pace-routes', [['Luis', 'Díaz']]);
    await setPins(t, me);
    const routes = apiRoutes(t);
    expect(routes.length).toBeGreaterThan(40);
    const asks = routes.flatMap(({ method, path }) => [
      { method, path, options: { headers: { [PIN_HEADER]: PIN } } },
      { method, path, options: { token: me.access_token, headers: { [PIN_HEADER]: DURESS_PIN } } },
      ...(method === 'GET' ? [] : [{ method, path, options: { token: me.access_token, body: { pin: '0000' } } }]),
      ...(method === 'GET' ? [] : [{ method, path, options: { body: { current_pin: PIN } } }]),
    ]);
    const held = await Promise.all(
      asks.map(async ({ method, path, options }) => ({
        route: `${method} ${path}`,
        ms: (await timed(() => t.call(method, path, options))).ms,
      })),
    );
    expect(held.filter(({ ms }) => ms < PACE_MS - TIMER_SLACK_MS)).toEqual([]);
  });

  it('are held alike for the real and the duress PIN, which both answer as success', async ({ expect }) => {
    const people: Session[] = [];
    for (const tag of ['pace-real', 'pace-duress']) {
      const { me } = await personWithConfirmedContacts(t, tag, [['Luis', 'Díaz']]);
      await setPins(t, me);
      await press(t, me, { alert_status: '1', ...MEXICO });
      people.push(me);
    }
    const [real, duress] = await Promise.all(
      [PIN, DURESS_PIN].map((pin, i) => timed(() => press(t, people[i]!, { alert_status: '2', ...MEXICO, pin }))),
    );
    for (const { ms, reply } of [real!, duress!]) {
      expect(ms).toBeGreaterThanOrEqual(PACE_MS - TIMER_SLACK_MS);
      expect(reply).toMatchObject({ status: 200, body: { success: true, message: { alert_status: false } } });
    }
    // Two people made, their PINs set and hashed, two alerts and the paced ends: 14 s in a CI on a busy machine.
  }, 90_000);
});

describe('requests without a PIN', () => {
  let t: TestApp;
  // Held, any of them would wait a minute and time the test out.
  beforeAll(async () => {
    t = await createTestApp({ env: { PIN_REPLY_PACE_MS: '60000' } });
  });
  afterAll(() => t.close());

  it('are never held: the SOS press, its end without PINs set, and every other route', async () => {
    const { me } = await personWithConfirmedContacts(t, 'pace-none', [['Luis', 'Díaz']]);
    const pressed = await press(t, me, { alert_status: '1', ...MEXICO });
    expect(pressed).toMatchObject({ status: 200, body: { success: true, message: { alert_status: true } } });
    const ended = await press(t, me, { alert_status: '2', ...MEXICO });
    expect(ended).toMatchObject({ status: 200, body: { success: true, message: { alert_status: false } } });
    const replies = await Promise.all(apiRoutes(t).map(({ method, path }) => t.call(method, path, {})));
    expect(replies.filter((reply) => reply.status >= 500)).toEqual([]);
  }, 20_000);
});
