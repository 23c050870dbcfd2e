import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/api/auth.ts';
import { profileSchema } from '#shared/api/profile.ts';
import { fieldMessages } from '#shared/messages.ts';
import { contacts, users } from '#server/db/schema.ts';
import { mailsTo } from '#test/support/contact-mail.ts';
import { signUp } from '#test/support/sign-up.ts';
import { createTestApp } from '#test/support/test-app.ts';
import type { TestApp } from '#test/support/test-app.ts';

// A name goes into the subject of e-mails to other people (an invitation says
// who added them): it must be a name, not an advertisement or a link.

/** What does not fit in a name, with the message each gets. */
const notNames: [string, string][] = [
  ['Ana2', fieldMessages.nameInvalid],
  ['Gana dinero en www.ejemplo.com', fieldMessages.nameInvalid],
  ['ejemplo.com', fieldMessages.nameInvalid],
  ['https://ejemplo.org/premio', fieldMessages.nameInvalid],
  ['ana@example.com', fieldMessages.nameInvalid],
  ['Premio $$$', fieldMessages.nameInvalid],
  ['Ana\nLuz', fieldMessages.nameInvalid],
  // Refused before the name rule, with the message every text field gives an invisible character.
  ['Ro\u0000sa', fieldMessages.controlCharacters],
  ['😀', fieldMessages.nameInvalid],
  ['a'.repeat(61), fieldMessages.nameTooLong],
];

/** Names people have: any script, accents, apostrophes, hyphens, initials. */
const names = ['María José', "O'Neil-Díaz", 'J. R.', 'Nguyễn Văn', '李小龙', 'محمد', 'Łukasz', 'a'.repeat(60)];

const rosa = {
  firstname: 'Rosa',
  lastname: 'García',
  email: 'rosa@example.com',
  phone: '+13055550111',
  kinship: 'Madre',
};

describe('first and last names are names', () => {
  let t: TestApp;
  let ana: Session;
  beforeAll(async () => {
    t = await createTestApp();
    ana = await signUp(t, 'ana@example.com', 'Ana');
  });
  afterAll(() => t.close());

  it('refuses a sign-up whose name is not a name, in Spanish, and creates no account', async () => {
    const email = 'lia@example.com';
    await t.post('signin', { email });
    const code = await t.codeSentTo(email);
    const person = { email, code, phone: '+13055550123', terms: true };
    for (const [name, message] of notNames) {
      expect(await t.post('signup', { ...person, firstname: name, lastname: 'Prueba' }), name).toMatchObject({
        status: 422,
        body: { success: false, errors: { firstname: [message] } },
      });
      expect(await t.post('signup', { ...person, firstname: 'Lía', lastname: name }), name).toMatchObject({
        status: 422,
        body: { success: false, errors: { lastname: [message] } },
      });
    }
    expect((await t.db.select({ email: users.email }).from(users)).map((row) => row.email)).toEqual([
      'ana@example.com',
    ]);
    expect((await t.post('signup', { ...person, firstname: "Lía O'Neil-Díaz", lastname: 'J. R.' })).status).toBe(200);
  });

  it('refuses a profile change whose name is not a name, by PUT and PATCH, and keeps the old one', async () => {
    const call = (method: string, body: unknown) => t.call(method, 'profile', { token: ana.access_token, body });
    for (const [name, message] of notNames) {
      expect(await call('PUT', { firstname: name, lastname: 'Prueba', phone: '+13055550123' }), name).toMatchObject({
        status: 422,
        body: { errors: { firstname: [message] } },
      });
      expect(await call('PATCH', { lastname: name }), name).toMatchObject({
        status: 422,
        body: { errors: { lastname: [message] } },
      });
    }
    const profile = v.parse(profileSchema, (await t.call('GET', 'profile', { token: ana.access_token })).body.message);
    expect(profile).toMatchObject({ firstname: 'Ana', lastname: 'Prueba' });
    for (const name of names) expect((await call('PATCH', { firstname: name })).status, name).toBe(200);
  });

  it('refuses a contact whose name is not a name, and sends no invitation', async () => {
    const add = (body: unknown) => t.call('POST', 'contacts', { token: ana.access_token, body });
    for (const [name, message] of notNames) {
      expect(await add({ ...rosa, firstname: name }), name).toMatchObject({
        status: 422,
        body: { errors: { firstname: [message] } },
      });
      expect(await add({ ...rosa, lastname: name }), name).toMatchObject({
        status: 422,
        body: { errors: { lastname: [message] } },
      });
    }
    expect(await t.db.select().from(contacts)).toEqual([]);
    expect(await mailsTo(t, rosa.email)).toEqual([]);
    for (const [i, name] of names.entries()) {
      expect((await add({ ...rosa, email: `c${i}@example.com`, firstname: name, lastname: name })).status, name).toBe(
        200,
      );
    }
  });
});
