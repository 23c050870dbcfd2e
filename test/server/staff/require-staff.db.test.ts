import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiMessages } from '#shared/messages.ts';
import { addStaff, removeStaff } from '#server/staff/staff-members.ts';
import { STAFF_SESSION_IDLE_MS, STAFF_SESSION_MAX_MS } from '#server/staff/staff-sessions.ts';
import { signUp } from '../../support/sign-up.ts';
import { staffBearer } from '../../support/staff.ts';
import { createTestApp, type TestApp } from '../../support/test-app.ts';

const refused = (status: number, message: string) => ({ status, body: { success: false, message } });

describe('who gets into the desk', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses a call without a token, or with a token nobody issued, with 401', async () => {
    expect(await t.call('GET', 'desk/me')).toMatchObject(refused(401, apiMessages.unauthorized));
    expect(await t.call('GET', 'desk/me', { token: 'not-a-token' })).toMatchObject(
      refused(401, apiMessages.unauthorized),
    );
  });

  it("refuses a person's token with 403, on the desk's routes and the admins'", async () => {
    const person = await signUp(t, 'persona@example.com');
    expect(await t.call('GET', 'desk/me', { token: person.access_token })).toMatchObject(
      refused(403, apiMessages.forbidden),
    );
    expect(await t.call('GET', 'desk/staff', { token: person.access_token })).toMatchObject(
      refused(403, apiMessages.forbidden),
    );
  });

  it("refuses, on every desk route, a call without a token (401) and a person's token (403)", async () => {
    const person = await signUp(t, 'otra-persona@example.com');
    // `/api/desk/access/*` are the way in: no session yet (passkeys.db.test.ts).
    const deskRoutes = t.app.routes.filter(
      (r) => r.method !== 'ALL' && r.path.startsWith('/api/desk/') && !r.path.startsWith('/api/desk/access/'),
    );
    expect(deskRoutes.length).toBeGreaterThan(0);
    for (const route of deskRoutes) {
      const apiPath = route.path.replace(/^\/api\//, '').replace(/:[^/]+/g, '00000000-0000-4000-8000-000000000000');
      const call = `${route.method} ${route.path}`;
      const body = route.method === 'GET' ? undefined : {};
      expect((await t.call(route.method, apiPath, { body })).status, call).toBe(401);
      expect((await t.call(route.method, apiPath, { body, token: person.access_token })).status, call).toBe(403);
    }
  });

  it("gives a desk token nothing of a person's app (403)", async () => {
    const { token } = await staffBearer(t, { role: 'admin' });
    for (const apiPath of ['profile', 'contacts', 'alert-deliveries', 'check-ins/current'])
      expect(await t.call('GET', apiPath, { token }), apiPath).toMatchObject(refused(403, apiMessages.forbidden));
    expect(await t.call('PUT', 'active-button', { token, body: { alert_status: '1' } })).toMatchObject(
      refused(403, apiMessages.forbidden),
    );
  });

  it('lets a responder into the desk but not into the admins’ part', async () => {
    const responder = await staffBearer(t, { role: 'responder', email: 'resp@firma.example' });
    expect(await t.call('GET', 'desk/me', { token: responder.token })).toEqual({
      status: 200,
      headers: expect.anything(),
      body: {
        success: true,
        message: {
          id: responder.staffId,
          email: 'resp@firma.example',
          role: 'responder',
          onCall: false,
          roles: ['responder'],
          permissions: ['view', 'desk'],
          firmName: 'IAD',
        },
      },
    });
    expect(await t.call('GET', 'desk/staff', { token: responder.token })).toMatchObject(
      refused(403, apiMessages.forbidden),
    );
  });

  it('lets an admin into the admins’ part', async () => {
    const admin = await staffBearer(t, { role: 'admin', email: 'jefa@firma.example' });
    const me = await t.call('GET', 'desk/me', { token: admin.token });
    expect(me.body.message).toMatchObject({ roles: ['admin'], permissions: ['view', 'desk', 'desk:admin'] });
    const team = await t.call('GET', 'desk/staff', { token: admin.token });
    expect(team.status).toBe(200);
    expect(team.body.message).toEqual(
      expect.arrayContaining([{ id: admin.staffId, email: 'jefa@firma.example', role: 'admin', onCall: false }]),
    );
  });

  it('ends a session after 30 minutes without a request, and not before', async () => {
    const { token } = await staffBearer(t, { role: 'responder' });
    t.clock.advance(STAFF_SESSION_IDLE_MS - 1000);
    expect((await t.call('GET', 'desk/me', { token })).status).toBe(200);
    // That request moved the idle clock on: another 29 minutes are still fine.
    t.clock.advance(STAFF_SESSION_IDLE_MS - 1000);
    expect((await t.call('GET', 'desk/me', { token })).status).toBe(200);
    t.clock.advance(STAFF_SESSION_IDLE_MS);
    expect(await t.call('GET', 'desk/me', { token })).toMatchObject(refused(401, apiMessages.staffSessionIdle));
    // Once ended, it stays ended even if the clock were set back.
    t.clock.advance(-STAFF_SESSION_IDLE_MS);
    expect((await t.call('GET', 'desk/me', { token })).status).toBe(401);
  });

  it('ends a session 12 hours after the sign-in, however busy', async () => {
    const { token } = await staffBearer(t, { role: 'admin' });
    const signedInAt = t.clock.now().getTime();
    const step = 20 * 60_000;
    while (t.clock.now().getTime() + step < signedInAt + STAFF_SESSION_MAX_MS) {
      t.clock.advance(step);
      expect((await t.call('GET', 'desk/me', { token })).status).toBe(200);
    }
    t.clock.set(new Date(signedInAt + STAFF_SESSION_MAX_MS));
    expect(await t.call('GET', 'desk/me', { token })).toMatchObject(refused(401, apiMessages.staffSessionExpired));
  });

  it('ends the sessions of a removed staff member at once, and tells every later request why', async () => {
    const { token, email } = await staffBearer(t, { role: 'responder' });
    expect((await t.call('GET', 'desk/me', { token })).status).toBe(200);
    expect(await removeStaff(t.db, email, t.clock.now())).toBe('removed');
    for (const path of ['desk/me', 'desk/alerts', 'desk/me'])
      expect(await t.call('GET', path, { token })).toMatchObject(refused(401, apiMessages.staffSessionRemoved));
    // Invited again, the old session stays ended, and says nothing of a removal any more.
    await addStaff(t.db, email, 'responder', t.clock.now());
    expect(await t.call('GET', 'desk/me', { token })).toMatchObject(refused(401, apiMessages.unauthorized));
  });
});
