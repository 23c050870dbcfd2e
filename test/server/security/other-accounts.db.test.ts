import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactSchema } from '#shared/api/contacts.ts';
import type { Session } from '#shared/api/auth.ts';
import { mailsTo, verifyTokenIn } from '#test/support/contact-mail.ts';
import { signUp } from '#test/support/sign-up.ts';
import { createTestApp } from '#test/support/test-app.ts';
import type { TestApp } from '#test/support/test-app.ts';

const contact = {
  firstname: 'Rosa',
  lastname: 'Díaz',
  email: 'rosa@example.com',
  phone: '+13055550111',
  kinship: 'Madre',
};

describe('one person’s ids and links in someone else’s hands', () => {
  let t: TestApp;
  let ana: Session;
  let beto: Session;
  beforeAll(async () => {
    t = await createTestApp();
    ana = await signUp(t, 'ana@example.com', 'Ana');
    beto = await signUp(t, 'beto@example.com', 'Beto');
  });
  afterAll(() => t.close());

  it('answers every route that takes an id with 404 for an id of another account, and changes nothing', async () => {
    const betos = v.parse(
      contactSchema,
      (await t.call('POST', 'contacts', { token: beto.access_token, body: contact })).body.message,
    );
    const withId = t.app.routes.filter(
      // A desk route refuses a person's token outright (403: test/server/staff); the desk's own 404s are in test/server/desk.
      (route) =>
        route.path.startsWith('/api/') &&
        !route.path.startsWith('/api/desk/') &&
        route.path.includes(':id') &&
        route.method !== 'ALL',
    );
    expect(withId.length).toBeGreaterThanOrEqual(3);
    for (const route of withId) {
      const path = route.path.slice('/api/'.length).replace(':id', betos.id);
      const reply = await t.call(route.method, path, {
        token: ana.access_token,
        body: route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
      });
      expect(reply, `${route.method} ${route.path}`).toMatchObject({ status: 404, body: { success: false } });
    }
    const still = await t.call('GET', `contacts/${betos.id}`, { token: beto.access_token });
    expect(still).toMatchObject({ status: 200, body: { message: betos } });
    // Only the one invitation e-mail, from Beto's own POST.
    expect(await mailsTo(t, contact.email)).toHaveLength(1);
  });

  it('confirms a contact once even when the link is pressed twice at the same moment', async () => {
    await t.call('POST', 'contacts', { token: ana.access_token, body: { ...contact, email: 'doble@example.com' } });
    const token = verifyTokenIn((await mailsTo(t, 'doble@example.com'))[0]);
    const replies = await Promise.all([
      t.call('GET', `verify-contact/${token}`),
      t.call('GET', `verify-contact/${token}`),
    ]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 404]);
  });
});
