import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldMessages, apiMessages } from '#shared/messages.ts';
import { createTestApp } from '#test/support/test-app.ts';
import type { TestApp } from '#test/support/test-app.ts';

describe('what every API reply looks like', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('explains a missing or malformed e-mail in Spanish, field by field', async () => {
    expect(await t.post('signin', {})).toMatchObject({
      status: 422,
      body: { success: false, message: apiMessages.invalidData, errors: { email: [fieldMessages.emailRequired] } },
    });
    expect((await t.post('signin', { email: 'no-es-correo' })).body.errors).toEqual({ email: [fieldMessages.emailInvalid] });
    expect((await t.post('signin', { email: 42 })).body.errors).toEqual({ email: [fieldMessages.emailRequired] });
  });

  it('lists every missing sign-up field with its own message', async () => {
    const reply = await t.post('signup', { email: 'x@example.com', code: '12', phone: '+1' });
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({
      code: [fieldMessages.codeInvalid],
      firstname: [fieldMessages.firstnameRequired],
      lastname: [fieldMessages.lastnameRequired],
      phone: [fieldMessages.phoneRequired],
      terms: [fieldMessages.termsRequired],
    });
  });

  it('answers a body that is not JSON with a Spanish 400, not a crash', async () => {
    const reply = await t.post('signin', '{"email": ');
    expect(reply).toMatchObject({ status: 400, body: { success: false, message: apiMessages.invalidJson } });
  });

  it('never answers 500 to odd input', async () => {
    const odd = ['null', '[]', '"texto"', '123', '{"email":{"a":1}}', '{"refresh_token":"x"}', '\u0000'];
    for (const path of ['signin', 'verify', 'signup', 'resend-code', 'refresh']) {
      for (const body of odd) expect((await t.post(path, body)).status).toBeLessThan(500);
    }
  });

  it('refuses bodies over 16 kB with 413', async () => {
    const reply = await t.post('signin', { email: 'a@example.com', filler: 'x'.repeat(17 * 1024) });
    expect(reply).toMatchObject({ status: 413, body: { success: false, message: apiMessages.bodyTooLarge } });
  });

  it('answers unknown API paths with a JSON 404 and wrong methods with a JSON 405', async () => {
    const missing = await t.app.request('/api/no-existe');
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ success: false, message: apiMessages.notFound });
    const wrong = await t.app.request('/api/signin');
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('POST');
    expect(await wrong.json()).toEqual({ success: false, message: apiMessages.methodNotAllowed });
  });

  it('sends security headers on every reply and forbids caching API replies', async () => {
    for (const res of [await t.app.request('/api/signin'), await t.app.request('/web/home', { headers: { accept: 'text/html' } })]) {
      expect(res.headers.get('content-security-policy')).toBe(
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; worker-src 'self'; manifest-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
      );
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('no-referrer');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('permissions-policy')).toContain('geolocation=(self)');
    }
    expect((await t.post('signin', {})).headers.get('cache-control')).toBe('no-store');
  });
});
