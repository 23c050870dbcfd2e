import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionSchema } from '#shared/api/auth.ts';
import type { Session } from '#shared/api/auth.ts';
import { openSessionListSchema } from '#shared/api/sessions.ts';
import { apiMessages } from '#shared/messages.ts';
import { press } from '#test/support/alert-people.ts';
import { mailsTo } from '#test/support/contact-mail.ts';
import { createTestApp } from '#test/support/test-app.ts';
import type { TestApp } from '#test/support/test-app.ts';

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const LAPTOP = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0';
const MINUTE = 60_000;
const NEW_SESSION = 'Nuevo inicio de sesión en tu cuenta';

describe('open sessions: the owner sees every sign-in and can close all the others', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function signUpOn(email: string, userAgent: string): Promise<Session> {
    await t.post('signin', { email });
    const code = await t.codeSentTo(email);
    const reply = await t.post(
      'signup',
      { email, code, firstname: 'Lucía', lastname: 'Prueba', phone: '+13055550123', terms: true },
      { 'user-agent': userAgent },
    );
    return v.parse(sessionSchema, reply.body.message);
  }

  async function signInOn(email: string, userAgent: string): Promise<Session> {
    expect((await t.post('signin', { email })).status).toBe(200);
    const code = await t.codeSentTo(email);
    const reply = await t.post('verify', { email, code }, { 'user-agent': userAgent });
    return v.parse(sessionSchema, reply.body.message);
  }

  const listFrom = async (session: Session) => {
    const reply = await t.call('GET', 'profile/sessions', { token: session.access_token });
    expect(reply.status).toBe(200);
    return v.parse(openSessionListSchema, reply.body.message);
  };

  it('lists each sign-in with its device, start and last use, the caller’s own first', async () => {
    t.clock.set(new Date('2026-09-01T08:00:00Z'));
    const phone = await signUpOn('lucia@example.com', PHONE);
    t.clock.set(new Date('2026-09-01T09:00:00Z'));
    const laptop = await signInOn('lucia@example.com', LAPTOP);

    t.clock.set(new Date('2026-09-01T09:30:00Z'));
    expect((await t.call('GET', 'profile', { token: phone.access_token })).status).toBe(200);
    const seenFromPhone = await listFrom(phone);
    expect(seenFromPhone).toEqual([
      {
        id: expect.any(String),
        device: 'Chrome en Android',
        started_at: '2026-09-01T08:00:00.000Z',
        last_used_at: '2026-09-01T09:30:00.000Z',
        current: true,
      },
      {
        id: expect.any(String),
        device: 'Firefox en Linux',
        started_at: '2026-09-01T09:00:00.000Z',
        last_used_at: '2026-09-01T09:00:00.000Z',
        current: false,
      },
    ]);

    // A refresh continues the same session: same start and device, one entry still.
    t.clock.set(new Date('2026-09-02T10:00:00Z'));
    const refreshed = v.parse(
      sessionSchema,
      (await t.post('refresh', { refresh_token: laptop.refresh_token })).body.message,
    );
    const seenFromLaptop = await listFrom(refreshed);
    expect(seenFromLaptop).toEqual([
      {
        id: seenFromPhone[1]!.id,
        device: 'Firefox en Linux',
        started_at: '2026-09-01T09:00:00.000Z',
        last_used_at: '2026-09-02T10:00:00.000Z',
        current: true,
      },
      { ...seenFromPhone[0]!, current: false },
    ]);
  });

  it('closes every other session at once, and the current one keeps working', async () => {
    t.clock.set(new Date('2026-10-01T08:00:00Z'));
    const phone = await signUpOn('marta@example.com', PHONE);
    t.clock.advance(MINUTE);
    const laptop = await signInOn('marta@example.com', LAPTOP);
    t.clock.advance(MINUTE);
    const stolen = await signInOn('marta@example.com', PHONE);

    const closed = await t.call('POST', 'profile/sessions/revoke-others', { token: phone.access_token });
    expect(closed).toMatchObject({ status: 200, body: { success: true, message: { revoked: 2 } } });

    for (const other of [laptop, stolen]) {
      expect(await t.call('GET', 'profile', { token: other.access_token })).toMatchObject({
        status: 401,
        body: { success: false, message: apiMessages.unauthorized },
      });
      expect((await t.post('refresh', { refresh_token: other.refresh_token })).status).toBe(401);
    }
    expect((await t.call('GET', 'profile', { token: phone.access_token })).status).toBe(200);
    const refreshed = await t.post('refresh', { refresh_token: phone.refresh_token });
    expect(refreshed.status).toBe(200);
    const [only, ...none] = await listFrom(v.parse(sessionSchema, refreshed.body.message));
    expect(none).toEqual([]);
    expect(only).toMatchObject({ device: 'Chrome en Android', current: true });
    // Nothing left to close.
    expect(
      (await t.call('POST', 'profile/sessions/revoke-others', { token: phone.access_token })).body.message,
    ).toEqual({ revoked: 0 });
  });

  it('asks for sign-in on both routes, and never shows another account’s sessions', async () => {
    expect((await t.call('GET', 'profile/sessions')).status).toBe(401);
    expect((await t.call('POST', 'profile/sessions/revoke-others')).status).toBe(401);
    t.clock.set(new Date('2026-11-01T08:00:00Z'));
    const nico = await signUpOn('nico@example.com', LAPTOP);
    const olga = await signUpOn('olga.sesiones@example.com', PHONE);
    expect((await listFrom(nico)).map((s) => s.device)).toEqual(['Firefox en Linux']);
    await t.call('POST', 'profile/sessions/revoke-others', { token: nico.access_token });
    expect((await t.call('GET', 'profile', { token: olga.access_token })).status).toBe(200);
  });

  it('e-mails the owner in Spanish on every new session: device and time, never a position', async () => {
    t.clock.set(new Date('2026-12-01T14:05:00Z'));
    await signUpOn('paula@example.com', PHONE);
    t.clock.set(new Date('2026-12-03T21:40:00Z'));
    await signInOn('paula@example.com', LAPTOP);

    const notices = (await mailsTo(t, 'paula@example.com')).filter((m) => m.subject === NEW_SESSION);
    expect(notices.map((m) => m.text?.trim())).toEqual([
      [
        'Hola, Lucía:',
        'Se abrió una sesión nueva en Botón de Pánico Migratorio con tu correo: Chrome en Android, el martes, 1 de diciembre de 2026, 14:05 (hora universal).',
        'Si fuiste tú, no tienes que hacer nada.',
        'Si no fuiste tú, abre la aplicación en tu teléfono, ve a Perfil y pulsa «Cerrar las demás sesiones»: esa sesión dejará de funcionar al momento. Cuida el acceso a tu correo, porque con él se puede entrar.',
      ].join('\n\n'),
      expect.stringContaining('Firefox en Linux, el jueves, 3 de diciembre de 2026, 21:40 (hora universal).'),
    ]);
    expect(notices[0]?.html).toContain('<html lang="es">');
  });

  it('gives the time of a new session in the zone the phone reported last, named by its place', async () => {
    t.clock.set(new Date('2026-12-01T14:05:00Z'));
    const phone = await signUpOn('zona@example.com', PHONE);
    // A practice from Mexico City, then one from New York: the later report wins.
    const practice = (timezone: string) =>
      press(t, phone, { alert_status: '3', latitude: '', longitude: '', timezone });
    expect((await practice('America/Mexico_City')).status).toBe(200);
    t.clock.set(new Date('2026-12-02T10:00:00Z'));
    expect((await practice('America/New_York')).status).toBe(200);
    t.clock.set(new Date('2026-12-03T21:40:00Z'));
    await signInOn('zona@example.com', LAPTOP);

    const notices = (await mailsTo(t, 'zona@example.com')).filter((m) => m.subject === NEW_SESSION);
    expect(notices.map((m) => /con tu correo: (.*)\./.exec(m.text ?? '')?.[1])).toEqual([
      'Chrome en Android, el martes, 1 de diciembre de 2026, 14:05 (hora universal)',
      'Firefox en Linux, el jueves, 3 de diciembre de 2026, 16:40 (hora de Nueva York)',
    ]);
  });
});
