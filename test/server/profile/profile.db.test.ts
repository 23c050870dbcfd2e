import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionSchema } from '#shared/api/auth.ts';
import type { Session } from '#shared/api/auth.ts';
import { profileSchema } from '#shared/api/profile.ts';
import { apiMessages, fieldMessages } from '#shared/messages.ts';
import { optOuts, outbox, verifications } from '#server/db/schema.ts';
import { mailsTo, unsubscribeTokenIn, verifyTokenIn } from '#test/support/contact-mail.ts';
import { signUp } from '#test/support/sign-up.ts';
import { createTestApp } from '#test/support/test-app.ts';
import type { TestApp } from '#test/support/test-app.ts';

const contact = {
  firstname: 'Rosa',
  lastname: 'García',
  email: 'rosa@example.com',
  phone: '+13055550111',
  kinship: 'Madre',
};

describe('the signed-in person’s profile', () => {
  let t: TestApp;
  let ana: Session;
  beforeAll(async () => {
    t = await createTestApp();
    ana = await signUp(t, 'ana@example.com', 'Ana');
  });
  afterAll(() => t.close());

  const profile = async (session: Session) =>
    v.parse(profileSchema, (await t.call('GET', 'profile', { token: session.access_token })).body.message);

  it('shows the person’s own data', async () => {
    const reply = await t.call('GET', 'profile', { token: ana.access_token });
    expect(reply).toMatchObject({ status: 200, body: { success: true } });
    expect(reply.body.message).toEqual({
      id: ana.id,
      email: 'ana@example.com',
      firstname: 'Ana',
      lastname: 'Prueba',
      phone: '+13055550123',
      pins_set: false,
      firm_consent: false,
      firm_detention_info: false,
      firm_consent_asked: false,
    });
  });

  it('remembers that a person has no emergency contacts, so a new session does not ask again', async () => {
    const pablo = await signUp(t, 'pablo@example.com', 'Pablo');
    expect(pablo.contacts).toBe(0);
    const declared = await t.call('POST', 'profile/no-contacts', { token: pablo.access_token });
    expect(declared).toMatchObject({ status: 200, body: { success: true, message: apiMessages.noContactsRecorded } });
    const refreshed = v.parse(
      sessionSchema,
      (await t.post('refresh', { refresh_token: pablo.refresh_token })).body.message,
    );
    expect(refreshed.contacts).toBe(1);
    expect((await t.call('POST', 'profile/no-contacts')).status).toBe(401);
  });

  it('updates names and phone with PUT, never the e-mail, and the session shows the new name', async () => {
    const reply = await t.call('PUT', 'profile', {
      token: ana.access_token,
      body: { email: 'otra@example.com', firstname: ' Ana María ', lastname: 'López', phone: '+525512345678' },
    });
    const updated = {
      id: ana.id,
      email: 'ana@example.com',
      firstname: 'Ana María',
      lastname: 'López',
      phone: '+525512345678',
      pins_set: false,
      firm_consent: false,
      firm_detention_info: false,
      firm_consent_asked: false,
    };
    expect(reply).toMatchObject({ status: 200, body: { success: true, message: updated } });
    expect(await profile(ana)).toEqual(updated);
    const refreshed = v.parse(
      sessionSchema,
      (await t.post('refresh', { refresh_token: ana.refresh_token })).body.message,
    );
    expect(refreshed).toMatchObject({ name: 'Ana María López', email: 'ana@example.com' });
    ana = refreshed;
  });

  it('explains missing fields of a PUT in Spanish and changes nothing', async () => {
    const before = await profile(ana);
    const reply = await t.call('PUT', 'profile', {
      token: ana.access_token,
      body: { email: 'ana@example.com', phone: '+1' },
    });
    expect(reply).toMatchObject({ status: 422, body: { success: false, message: apiMessages.invalidData } });
    expect(reply.body.errors).toEqual({
      firstname: [fieldMessages.firstnameRequired],
      lastname: [fieldMessages.lastnameRequired],
      phone: [fieldMessages.phoneRequired],
    });
    const badEmail = await t.call('PUT', 'profile', {
      token: ana.access_token,
      body: { ...before, email: 'no-es-correo' },
    });
    expect(badEmail.body.errors).toEqual({ email: [fieldMessages.emailInvalid] });
    expect(await profile(ana)).toEqual(before);
  });

  it('changes only what a PATCH sends, the same full body the app sends too', async () => {
    const phone = await t.call('PATCH', 'profile', { token: ana.access_token, body: { phone: '+13055550199' } });
    expect(phone).toMatchObject({
      status: 200,
      body: { success: true, message: { firstname: 'Ana María', lastname: 'López', phone: '+13055550199' } },
    });
    const full = await t.call('PATCH', 'profile', {
      token: ana.access_token,
      body: { email: 'ana@example.com', firstname: 'Ana', lastname: 'Prueba', phone: '+13055550123' },
    });
    expect(full.body.message).toMatchObject({ firstname: 'Ana', lastname: 'Prueba', phone: '+13055550123' });
    expect((await t.call('PATCH', 'profile', { token: ana.access_token, body: {} })).body.message).toMatchObject({
      firstname: 'Ana',
    });

    const empty = await t.call('PATCH', 'profile', {
      token: ana.access_token,
      body: { firstname: '  ', phone: '555' },
    });
    expect(empty).toMatchObject({
      status: 422,
      body: {
        success: false,
        errors: { firstname: [fieldMessages.firstnameRequired], phone: [fieldMessages.phoneInvalid] },
      },
    });
    expect((await profile(ana)).firstname).toBe('Ana');
  });

  it('asks for sign-in on every profile call', async () => {
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE']) {
      for (const token of [undefined, 'not-a-token', ana.refresh_token]) {
        const reply = await t.call(method, 'profile', {
          token,
          body: method.startsWith('P') ? { firstname: 'X' } : undefined,
        });
        expect(reply, method).toMatchObject({ status: 401, body: { success: false, message: 'Sesión expirada' } });
      }
    }
  });

  it('never answers 500 to odd input', async () => {
    const odd = ['null', '[]', '"texto"', '123', '{"firstname":{"a":1}}', '{"phone":[1]}', '\u0000', '{"lastname": '];
    for (const method of ['PUT', 'PATCH']) {
      for (const body of odd) {
        const reply = await t.call(method, 'profile', { token: ana.access_token, body });
        expect(reply.status, `${method} ${body}`).toBeGreaterThanOrEqual(400);
        expect(reply.status, `${method} ${body}`).toBeLessThan(500);
      }
    }
    expect((await t.call('POST', 'profile', { token: ana.access_token, body: {} })).status).toBe(405);
  });

  it('deletes the account with everything in it; the address can sign up afresh', async () => {
    const luz = await signUp(t, 'luz@example.com', 'Luz');
    expect((await t.call('POST', 'contacts', { token: luz.access_token, body: contact })).status).toBe(200);
    const [mail] = await mailsTo(t, contact.email);
    // An opt-out made by Luz's contact, and a second invitation still waiting to be sent.
    await t.call('POST', 'contacts', {
      token: luz.access_token,
      body: { ...contact, email: 'primo@example.com', kinship: 'Primo' },
    });
    expect((await t.post('unsubscribe', { token: unsubscribeTokenIn(mail) })).status).toBe(200);
    t.clock.advance(61_000);
    await t.post('signin', { email: 'luz@example.com' });

    const deleted = await t.call('DELETE', 'profile', { token: luz.access_token });
    expect(deleted).toMatchObject({ status: 200, body: { success: true, message: apiMessages.accountDeleted } });

    // Signed out everywhere, unknown at sign-in, and the contacts' links lead nowhere.
    expect((await t.call('GET', 'profile', { token: luz.access_token })).status).toBe(401);
    expect((await t.call('GET', 'contacts', { token: luz.access_token })).status).toBe(401);
    expect((await t.post('refresh', { refresh_token: luz.refresh_token })).status).toBe(401);
    expect((await t.call('GET', `verify-contact/${verifyTokenIn(mail)}`)).status).toBe(404);
    expect((await t.post('unsubscribe', { token: unsubscribeTokenIn(mail) })).status).toBe(404);
    // The invitation that was still queued is never sent.
    expect(await mailsTo(t, 'primo@example.com')).toHaveLength(0);

    // Nothing about Luz or her contacts is left behind.
    expect(await t.db.select().from(optOuts)).toEqual([]);
    const recipients = (await t.db.select({ to: outbox.recipient }).from(outbox)).map((row) => row.to);
    expect(recipients).not.toContain('luz@example.com');
    expect(recipients).not.toContain(contact.email);
    expect(
      (await t.db.select({ target: verifications.target }).from(verifications)).map((row) => row.target),
    ).not.toContain('luz@example.com');

    // Ana is untouched.
    expect((await t.call('GET', 'profile', { token: ana.access_token })).status).toBe(200);

    t.clock.advance(61_000);
    await t.post('signin', { email: 'luz@example.com' });
    const code = await t.codeSentTo('luz@example.com');
    expect(await t.post('verify', { email: 'luz@example.com', code })).toMatchObject({
      status: 404,
      body: { message: 'Usuario no registrado' },
    });
    const again = await signUp(t, 'luz@example.com', 'Luz');
    expect(again.contacts).toBe(0);
    expect(again.id).not.toBe(luz.id);
  });
});
