import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/api/auth.ts';
import { apiMessages, fieldMessages } from '#shared/messages.ts';
import { contacts, outbox } from '#server/db/schema.ts';
import { signUp } from '#test/support/sign-up.ts';
import { createTestApp } from '#test/support/test-app.ts';
import type { TestApp } from '#test/support/test-app.ts';

// A page on another site can make its visitors' browsers POST a form or
// text/plain body to us without asking first (no CORS preflight); only
// application/json needs one. So no route reads anything but JSON.

const routes: { method: string; path: string; auth?: boolean; body: unknown }[] = [
  { method: 'POST', path: 'signin', body: { email: 'victima@example.org' } },
  { method: 'POST', path: 'resend-code', body: { email: 'victima@example.org' } },
  { method: 'POST', path: 'verify', body: { email: 'victima@example.org', code: '1234' } },
  {
    method: 'POST',
    path: 'signup',
    body: {
      email: 'victima@example.org',
      code: '1234',
      firstname: 'Ana',
      lastname: 'Prueba',
      phone: '+13055550123',
      terms: true,
    },
  },
  { method: 'POST', path: 'refresh', body: { refresh_token: 'x'.repeat(43) } },
  { method: 'POST', path: 'unsubscribe', body: { token: 'x'.repeat(43) } },
  { method: 'POST', path: 'ack', body: { token: 'x'.repeat(43) } },
  {
    method: 'POST',
    path: 'contacts',
    auth: true,
    body: { firstname: 'Rosa', lastname: 'García', email: 'rosa@example.org', phone: '+13055550111', kinship: 'Madre' },
  },
  {
    method: 'PUT',
    path: 'profile',
    auth: true,
    body: { firstname: 'Otra', lastname: 'Persona', phone: '+13055550111' },
  },
  { method: 'PATCH', path: 'profile', auth: true, body: { firstname: 'Otra' } },
  {
    method: 'PUT',
    path: 'active-button',
    auth: true,
    body: { alert_status: '1', latitude: '', longitude: '', timezone: 'UTC' },
  },
  {
    method: 'PATCH',
    path: 'active-button/',
    auth: true,
    body: { alert_status: '1', latitude: '', longitude: '', timezone: 'UTC' },
  },
];

describe('only JSON bodies are read', () => {
  let t: TestApp;
  let ana: Session;
  beforeAll(async () => {
    t = await createTestApp();
    ana = await signUp(t, 'ana@example.com');
  });
  afterAll(() => t.close());

  it('answers a form or text body with a Spanish 415 on every route that takes a body, and does nothing', async () => {
    const queued = await t.db.select().from(outbox);
    for (const route of routes) {
      for (const type of [
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        undefined,
      ]) {
        const reply = await t.call(route.method, route.path, {
          token: route.auth ? ana.access_token : undefined,
          body: route.body,
          headers: { 'content-type': type ?? '', 'idempotency-key': 'clave-de-prueba-1234' },
        });
        expect(reply, `${route.method} ${route.path} as ${type}`).toMatchObject({
          status: 415,
          body: { success: false, message: apiMessages.notJson },
        });
      }
    }
    expect(await t.db.select().from(outbox)).toEqual(queued);
    expect(await t.db.select().from(contacts)).toEqual([]);
    const profile = await t.call('GET', 'profile', { token: ana.access_token });
    expect(profile.body.message).toMatchObject({ firstname: 'Ana', lastname: 'Prueba' });
  });

  it('reads JSON with a charset, and any casing of the type', async () => {
    for (const type of ['application/json; charset=utf-8', 'Application/JSON']) {
      const reply = await t.call('PATCH', 'profile', {
        token: ana.access_token,
        body: { lastname: 'López' },
        headers: { 'content-type': type },
      });
      expect(reply, type).toMatchObject({ status: 200, body: { success: true } });
    }
  });

  it('reads an empty body as no fields, whether or not it says it is JSON, and answers each missing field', async () => {
    const missing = {
      status: 422,
      body: { success: false, message: apiMessages.invalidData, errors: { email: [fieldMessages.emailRequired] } },
    };
    for (const body of ['', '  ', undefined]) {
      for (const headers of [{ 'content-type': 'application/json' }, {}] as Record<string, string>[]) {
        if (body === '  ' && !('content-type' in headers)) continue;
        const reply = await t.call('POST', 'signin', { body, headers });
        expect(reply, `${JSON.stringify(body)} with ${JSON.stringify(headers)}`).toMatchObject(missing);
      }
    }
  });
});
