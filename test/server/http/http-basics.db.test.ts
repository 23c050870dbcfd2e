import { createServer } from 'node:net';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '#shared/constants.ts';
import { fieldMessages, apiMessages } from '#shared/messages.ts';
import { createApp } from '#server/app.ts';
import { createDb, createPool } from '#server/db/client.ts';
import { captureLog } from '#test/support/capture-log.ts';
import { signUp } from '#test/support/sign-up.ts';
import { staffBearer } from '#test/support/staff.ts';
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
    expect((await t.post('signin', { email: 'no-es-correo' })).body.errors).toEqual({
      email: [fieldMessages.emailInvalid],
    });
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

  it('answers a NUL byte hidden in an e-mail or a name with a Spanish 422, not a 500 (the database cannot store it)', async () => {
    expect(await t.post('signin', { email: 'a\u0000na@example.com' })).toMatchObject({
      status: 422,
      body: { errors: { email: [fieldMessages.controlCharacters] } },
    });
    const session = await signUp(t, 'nul@example.com');
    const named = { firstname: 'Ro\u0000sa', lastname: 'Díaz', phone: '+13055550111' };
    expect(await t.call('PUT', 'profile', { token: session.access_token, body: named })).toMatchObject({
      status: 422,
      body: { errors: { firstname: [fieldMessages.controlCharacters] } },
    });
    const contact = {
      ...named,
      firstname: 'Rosa',
      lastname: 'Dí\u0000az',
      email: 'rosa@example.com',
      kinship: 'Madre',
    };
    expect(await t.call('POST', 'contacts', { token: session.access_token, body: contact })).toMatchObject({
      status: 422,
      body: { errors: { lastname: [fieldMessages.controlCharacters] } },
    });
  });

  it('answers a body nested thousands deep with a Spanish 422 on every route that takes a body, never a 500', async () => {
    const depth = 6000;
    const deep = `{"a":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    expect(deep.length).toBeLessThan(MAX_BODY_BYTES);
    const admin = await staffBearer(t, { role: 'admin' });
    const routes = t.app.routes.filter(
      (route) => route.path.startsWith('/api/') && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method),
    );
    const answers: Record<string, number> = {};
    for (const [index, route] of routes.entries()) {
      // A person of its own for each route: a route that ends the session or the account spoils no other.
      const token = route.path.startsWith('/api/desk/')
        ? admin.token
        : (await signUp(t, `deep-${index}@example.com`)).access_token;
      const path = route.path.slice('/api/'.length).replace(/:[a-zA-Z]+/g, crypto.randomUUID());
      const reply = await t.call(route.method, path, {
        token,
        body: deep,
        headers: { 'idempotency-key': crypto.randomUUID() },
      });
      answers[`${route.method} ${route.path}`] = reply.status;
      if (reply.status === 422)
        expect(reply.body).toEqual({ success: false, message: apiMessages.invalidData, errors: {} });
    }
    const refused = Object.fromEntries(Object.entries(answers).filter(([, status]) => status >= 500));
    expect(refused).toEqual({});
    expect(answers).toMatchObject({ 'POST /api/signin': 422, 'POST /api/ack': 422, 'POST /api/unsubscribe': 422 });
    // A sign-up for every route that takes a body: 22 s in a CI on a busy machine, of the project's 30.
  }, 120_000);

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
    const json = (method: string, path: string, body?: string, headers: Record<string, string> = {}) =>
      t.app.request(path, { method, body, headers: { 'content-type': 'application/json', ...headers } });
    const replies = {
      405: await t.app.request('/api/signin'),
      503: await t.app.request('/web/home', { headers: { accept: 'text/html' } }),
      200: await json('POST', '/api/signin', '{"email":"cabeceras@example.com"}'),
      400: await json('POST', '/api/signin', '{'),
      401: await t.app.request('/api/profile'),
      404: await t.app.request('/api/no-existe'),
      413: await json('POST', '/api/signin', `{"x":"${'x'.repeat(17 * 1024)}"}`),
      422: await json('POST', '/api/signin', '{}'),
      // A caller that wants something else than a page (an image here) gets the plain 404, not the shell.
      'text 404': await t.app.request('/no-existe.png', { headers: { accept: 'image/avif,image/webp,*/*;q=0.8' } }),
    };
    for (const [kind, res] of Object.entries(replies)) {
      expect(String(res.status), kind).toBe(kind.replace(/\D/g, ''));
      expect(res.headers.get('content-security-policy'), kind).toBe(
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; connect-src 'self'; worker-src 'self'; manifest-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
      );
      expect(res.headers.get('x-content-type-options'), kind).toBe('nosniff');
      expect(res.headers.get('referrer-policy'), kind).toBe('no-referrer');
      expect(res.headers.get('x-frame-options'), kind).toBe('DENY');
      expect(res.headers.get('permissions-policy'), kind).toContain('geolocation=(self)');
      if (!kind.includes('text') && kind !== '503') expect(res.headers.get('cache-control'), kind).toBe('no-store');
    }
  });

  it('asks for HTTPS only over HTTPS, and believes a proxy about it only when told to trust it', async () => {
    const hsts = async (app: TestApp['app'], url: string, headers: Record<string, string> = {}) =>
      (await app.request(url, { headers })).headers.get('strict-transport-security');
    expect(await hsts(t.app, 'http://sos.example.org/api/signin')).toBeNull();
    expect(await hsts(t.app, 'https://sos.example.org/api/signin')).toBe('max-age=31536000; includeSubDomains');
    // Anyone can write this header: without TRUST_PROXY it is ignored.
    expect(await hsts(t.app, 'http://sos.example.org/api/signin', { 'x-forwarded-proto': 'https' })).toBeNull();

    const proxied = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      expect(await hsts(proxied.app, 'http://sos.example.org/api/signin', { 'x-forwarded-proto': 'https' })).toBe(
        'max-age=31536000; includeSubDomains',
      );
      expect(await hsts(proxied.app, 'http://sos.example.org/web/home', { 'x-forwarded-proto': 'http' })).toBeNull();
      // Only the entry our proxy appended counts, as for X-Forwarded-For.
      expect(
        await hsts(proxied.app, 'http://sos.example.org/api/signin', { 'x-forwarded-proto': 'https, http' }),
      ).toBeNull();
    } finally {
      await proxied.close();
    }
  });

  it('keeps CORS closed: no other origin is ever allowed, preflight included', async () => {
    const origin = 'https://otro-sitio.example';
    const preflight = await t.app.request('/api/contacts', {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    });
    expect(preflight.status).toBe(405);
    const simple = await t.app.request('/api/signin', {
      method: 'POST',
      body: '{}',
      headers: { origin, 'content-type': 'text/plain' },
    });
    for (const res of [preflight, simple]) {
      for (const name of [
        'access-control-allow-origin',
        'access-control-allow-credentials',
        'access-control-allow-methods',
        'access-control-allow-headers',
      ]) {
        expect(res.headers.get(name), name).toBeNull();
      }
    }
  });

  it('serves a page shell with no inline script, as its policy demands', async () => {
    const source = await readFile(path.join(process.cwd(), 'src/client/index.html'), 'utf8');
    await mkdir(t.buildDir, { recursive: true });
    await writeFile(path.join(t.buildDir, 'index.html'), source);
    const res = await t.app.request('/web/home', { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    const html = await res.text();
    const scripts = html.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toMatch(/\ssrc=/);
    expect(html).not.toMatch(/\son[a-z]+\s*=/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self';");
    await rm(path.join(t.buildDir, 'index.html'));
  });

  it('answers an unexpected failure with a Spanish 500 in the envelope, its headers, and a log line that quotes no input', async () => {
    // The app on a database connection that is gone: every query fails.
    const pool = createPool(t.database.url, 1);
    await pool.end();
    const log = captureLog();
    const app = createApp({ db: createDb(pool), clock: t.clock, config: t.config, log });
    const res = await app.request('/api/signin', {
      method: 'POST',
      body: JSON.stringify({ email: 'rota@example.com' }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ success: false, message: apiMessages.serverError });
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(log.text()).toMatch(/error inesperado en POST \/api\/signin/);
    expect(log.text()).not.toContain('rota@example.com');
  });

  it('answers a database that cannot be reached (a restart, a failover) with a Spanish 503 and when to try again', async () => {
    const port = await closedPort();
    const pool = createPool(`postgres://app:secret@127.0.0.1:${port}/app`, 1);
    const log = captureLog();
    const app = createApp({ db: createDb(pool), clock: t.clock, config: t.config, log });
    try {
      const res = await app.request('/api/signin', {
        method: 'POST',
        body: JSON.stringify({ email: 'caida@example.com' }),
        headers: { 'content-type': 'application/json' },
      });
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      expect(await res.json()).toEqual({ success: false, message: apiMessages.serviceUnavailable });
      expect(log.text()).toMatch(/base de datos no disponible en POST \/api\/signin/);
      expect(log.text()).not.toContain('caida@example.com');
    } finally {
      await pool.end();
    }
  });
});

/** A loopback port nothing listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close((error) => (error ? reject(error) : resolve(port)));
    });
  });
}
