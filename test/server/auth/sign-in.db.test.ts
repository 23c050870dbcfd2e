import { readdir } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { sessionSchema } from '#shared/api/auth.ts';
import { apiMessages } from '#shared/messages.ts';
import { createTestApp } from '#test/support/test-app.ts';
import type { TestApp } from '#test/support/test-app.ts';

const person = { firstname: 'Ana', lastname: 'Pérez', phone: '+13055550123', terms: true };

describe('signing in with an e-mailed code', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sends a code by e-mail, asks a new person to sign up, and then signs them in', async () => {
    const signin = await t.post('signin', { email: '  Ana@Example.COM ' });
    expect(signin).toMatchObject({ status: 200, body: { success: true, message: apiMessages.codeSent } });

    const [mail] = await (async () => {
      await t.drainOutbox();
      return t.inbox();
    })();
    expect(mail?.subject).toMatch(/^Tu código de acceso: \d{4}$/);
    expect(mail?.text).toContain('10 minutos');
    expect(mail?.text).toContain('puedes ignorar este correo');
    const code = await t.codeSentTo('ana@example.com');
    // Saved mail sorts by time and its name gives away neither the address nor the code.
    expect(await readdir(t.mailDir)).toEqual([expect.stringMatching(/^\d{8}T\d{9}Z-\d{6}\.eml$/)]);

    const unknown = await t.post('verify', { email: 'ana@example.com', code });
    expect(unknown).toMatchObject({ status: 404, body: { success: false, message: 'Usuario no registrado' } });

    const signup = await t.post('signup', { email: 'ana@example.com', code, ...person });
    expect(signup.status).toBe(200);
    const session = v.parse(sessionSchema, signup.body.message);
    expect(session).toMatchObject({
      name: 'Ana Pérez',
      email: 'ana@example.com',
      phone: '+13055550123',
      contacts: 0,
      alert_status: false,
      token_type: 'Bearer',
      roles: ['person'],
      permissions: ['view'],
      issued_at: t.clock.now().toISOString(),
    });
    expect(new Date(session.expires_at).getTime() - t.clock.now().getTime()).toBe(90 * 24 * 60 * 60_000);

    // The code was used up by signup.
    const again = await t.post('verify', { email: 'ana@example.com', code });
    expect(again).toMatchObject({ status: 422, body: { errors: { code: [apiMessages.codeExpired] } } });
  });

  it('signs a registered person in with a fresh code', async () => {
    await t.post('signin', { email: 'beto@example.com' });
    await t.post('signup', {
      email: 'beto@example.com',
      code: await t.codeSentTo('beto@example.com'),
      ...person,
      firstname: 'Beto',
    });
    t.clock.advance(61_000);

    expect((await t.post('signin', { email: 'beto@example.com' })).status).toBe(200);
    const verify = await t.post('verify', { email: 'beto@example.com', code: await t.codeSentTo('beto@example.com') });
    expect(verify.status).toBe(200);
    expect(v.parse(sessionSchema, verify.body.message)).toMatchObject({ name: 'Beto Pérez', contacts: 0 });
  });

  it('refuses a second sign-up for an address that is already registered', async () => {
    await t.post('signin', { email: 'carla@example.com' });
    await t.post('signup', { email: 'carla@example.com', code: await t.codeSentTo('carla@example.com'), ...person });
    t.clock.advance(61_000);
    await t.post('signin', { email: 'carla@example.com' });
    const second = await t.post('signup', {
      email: 'carla@example.com',
      code: await t.codeSentTo('carla@example.com'),
      ...person,
    });
    expect(second).toMatchObject({ status: 409, body: { success: false, message: apiMessages.userAlreadyRegistered } });
  });

  it('answers 409 to a second sign-in within a minute, and sends a new code after it', async () => {
    expect((await t.post('signin', { email: 'dani@example.com' })).status).toBe(200);
    t.clock.advance(30_000);
    const early = await t.post('signin', { email: 'dani@example.com' });
    expect(early).toMatchObject({ status: 409, body: { success: false, message: apiMessages.codeRecentlySent } });
    t.clock.advance(31_000);
    expect((await t.post('signin', { email: 'dani@example.com' })).status).toBe(200);
  });

  it('tells that a code is wrong and burns it after five wrong tries', async () => {
    await t.post('signin', { email: 'eva@example.com' });
    const code = await t.codeSentTo('eva@example.com');
    const wrong = code === '0000' ? '1111' : '0000';
    for (let i = 0; i < 4; i += 1) {
      const reply = await t.post('verify', { email: 'eva@example.com', code: wrong });
      expect(reply).toMatchObject({ status: 422, body: { success: false, errors: { code: [apiMessages.codeWrong] } } });
    }
    expect((await t.post('verify', { email: 'eva@example.com', code: wrong })).body.errors?.code).toEqual([
      apiMessages.codeBurned,
    ]);
    const right = await t.post('verify', { email: 'eva@example.com', code });
    expect(right).toMatchObject({ status: 422, body: { errors: { code: [apiMessages.codeExpired] } } });
  });

  it('lets a code expire after ten minutes', async () => {
    await t.post('signin', { email: 'fede@example.com' });
    const code = await t.codeSentTo('fede@example.com');
    t.clock.advance(10 * 60_000);
    const late = await t.post('verify', { email: 'fede@example.com', code });
    expect(late).toMatchObject({ status: 422, body: { errors: { code: [apiMessages.codeExpired] } } });
  });

  it('accepts only the newest code after a resend', async () => {
    await t.post('signin', { email: 'gabi@example.com' });
    const first = await t.codeSentTo('gabi@example.com');
    expect((await t.post('resend-code', { email: 'gabi@example.com' })).status).toBe(200);
    const second = await t.codeSentTo('gabi@example.com');
    if (first !== second) expect((await t.post('verify', { email: 'gabi@example.com', code: first })).status).toBe(422);
    expect((await t.post('verify', { email: 'gabi@example.com', code: second })).status).toBe(404);
  });

  it('never writes a code, an address or a token to the log', async () => {
    await t.post('signin', { email: 'hugo@example.com' });
    const code = await t.codeSentTo('hugo@example.com');
    const signup = await t.post('signup', { email: 'hugo@example.com', code, ...person });
    const session = v.parse(sessionSchema, signup.body.message);
    // File names are timestamps, which may hold any four digits by chance.
    const logged = t.log.text().replace(/\S+\.eml/g, '<file>');
    expect(logged).toContain('correo');
    expect(logged).not.toContain(code);
    expect(logged).not.toContain('hugo@example.com');
    expect(logged).not.toContain(session.access_token);
  });
});
