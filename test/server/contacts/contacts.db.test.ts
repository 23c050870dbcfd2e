import * as v from 'valibot';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionSchema } from '#shared/api/auth.ts';
import { contactListSchema, contactSchema } from '#shared/api/contacts.ts';
import type { Contact } from '#shared/api/contacts.ts';
import type { Session } from '#shared/api/auth.ts';
import { apiMessages, fieldMessages } from '#shared/messages.ts';
import { contacts, users } from '#server/db/schema.ts';
import { mailsTo, unsubscribeTokenIn, verifyTokenIn } from '#test/support/contact-mail.ts';
import { signUp } from '#test/support/sign-up.ts';
import { createTestApp } from '#test/support/test-app.ts';
import type { TestApp } from '#test/support/test-app.ts';

const mama = {
  firstname: 'Rosa',
  lastname: 'García',
  email: 'rosa.garcia@example.com',
  phone: '+13055550111',
  kinship: 'Madre',
};

describe('emergency contacts', () => {
  let t: TestApp;
  let ana: Session;
  let beto: Session;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://sos.example.org' } });
    ana = await signUp(t, 'ana@example.com', 'Ana');
    beto = await signUp(t, 'beto@example.com', 'Beto');
  });
  afterAll(() => t.close());

  const add = async (session: Session, input: Record<string, unknown>) =>
    t.call('POST', 'contacts', { token: session.access_token, body: input });
  const addOk = async (session: Session, input: Record<string, unknown>): Promise<Contact> => {
    const reply = await add(session, input);
    expect(reply.status).toBe(200);
    return v.parse(contactSchema, reply.body.message);
  };
  const list = async (session: Session, query = '') => {
    const reply = await t.call('GET', `contacts${query}`, { token: session.access_token });
    return { ...reply, contacts: reply.status === 200 ? v.parse(contactListSchema, reply.body.message) : [] };
  };

  it('adds a contact, shows it unconfirmed, and lists it', async () => {
    const created = await add(ana, { ...mama, email: '  Rosa.Garcia@Example.COM ' });
    expect(created).toMatchObject({ status: 200, body: { success: true } });
    const contact = v.parse(contactSchema, created.body.message);
    expect(contact).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      ...mama,
      language: 'es',
      email_verified_at: null,
      unsubscribed_at: null,
      invitation_pending_until: null,
      created_at: t.clock.now().toISOString(),
      push_phones: 0,
      receives_detention_info: false,
    });

    const one = await t.call('GET', `contacts/${contact.id}`, { token: ana.access_token });
    expect(one).toMatchObject({ status: 200, body: { success: true, message: contact } });
    const all = await list(ana);
    expect(all.body.success).toBe(true);
    expect(all.contacts).toEqual([contact]);
    // Someone else's list does not show it.
    expect((await list(beto)).contacts).toEqual([]);
  });

  it('e-mails the new contact, in Spanish, who added them, what accepting means and both links', async () => {
    const [mail, ...more] = await mailsTo(t, mama.email);
    expect(more).toEqual([]);
    expect(mail?.subject).toBe('Ana Prueba te agregó como contacto de emergencia');
    expect(mail?.text).toContain('Hola, Rosa:');
    expect(mail?.text).toContain('Ana Prueba te agregó como contacto de emergencia');
    expect(mail?.text).toContain('ubicación');
    expect(mail?.text).toContain('la hora de la alerta');
    expect(mail?.text).toContain('vence en 7 días');
    const verify = verifyTokenIn(mail);
    const unsubscribe = unsubscribeTokenIn(mail);
    expect(verify).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(unsubscribe).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail?.text).toContain(`https://sos.example.org/web/active/verify/${verify}`);
    expect(mail?.text).toContain(`https://sos.example.org/web/active/unsubscribe?token=${unsubscribe}`);
    expect(mail?.html).toContain(`href="https://sos.example.org/web/active/verify/${verify}"`);
    expect(mail?.html).toContain(`href="https://sos.example.org/web/active/unsubscribe?token=${unsubscribe}"`);
    expect(mail?.html).toContain('<html lang="es">');
  });

  it('escapes names in the e-mail and keeps the subject on one line, even names stored before the names rule', async () => {
    const eve = await signUp(t, 'eve@example.com', 'Eve');
    const tia = await addOk(eve, { ...mama, email: 'tia@example.com', kinship: 'Tía' });
    // The API refuses such names now; rows written before it may still hold them.
    await t.db.update(users).set({ firstname: 'Eve <b>\nX' }).where(eq(users.id, eve.id));
    await t.db.update(contacts).set({ firstname: '<script>' }).where(eq(contacts.id, tia.id));
    t.clock.advance(60_000);
    expect((await t.call('POST', `contacts/${tia.id}/invite`, { token: eve.access_token })).status).toBe(200);
    const mail = (await mailsTo(t, 'tia@example.com')).at(-1);
    expect(mail?.subject).toBe('Eve <b> X Prueba te agregó como contacto de emergencia');
    expect(mail?.html).toContain('Eve &lt;b&gt;');
    expect(mail?.html).not.toContain('<script>');
  });

  it('explains every missing or wrong field in Spanish', async () => {
    const empty = await add(ana, {});
    expect(empty).toMatchObject({ status: 422, body: { success: false, message: apiMessages.invalidData } });
    expect(empty.body.errors).toEqual({
      firstname: [fieldMessages.firstnameRequired],
      lastname: [fieldMessages.lastnameRequired],
      email: [fieldMessages.emailRequired],
      phone: [fieldMessages.phoneRequired],
      kinship: ['El campo es obligatorio'],
    });
    for (const kinship of ['', 'Seleccione un parentesco', 'Gato', 7]) {
      expect((await add(ana, { ...mama, email: 'x@example.com', kinship })).body.errors).toEqual({
        kinship: ['El campo es obligatorio'],
      });
    }
    expect((await add(ana, { ...mama, email: 'no-es-correo' })).body.errors).toEqual({
      email: ['El correo no es válido'],
    });
    expect((await add(ana, { ...mama, email: 'x@example.com', phone: '+1' })).body.errors).toEqual({
      phone: ['El teléfono es obligatorio'],
    });
    expect((await add(ana, { ...mama, email: 'x@example.com', phone: '555' })).body.errors).toEqual({
      phone: [fieldMessages.phoneInvalid],
    });
    expect((await add(ana, { ...mama, email: 'x@example.com', firstname: 'x'.repeat(101) })).body.errors).toEqual({
      firstname: [fieldMessages.nameTooLong],
    });
    // Nothing was added by any of these.
    expect((await list(ana)).contacts.map((c) => c.email)).toEqual([mama.email]);
  });

  it('refuses a second contact with the same e-mail, but another person may add that address', async () => {
    const again = await add(ana, { ...mama, firstname: 'Otra', email: 'ROSA.GARCIA@example.com' });
    expect(again).toMatchObject({
      status: 422,
      body: {
        success: false,
        message: apiMessages.contactDuplicate,
        errors: { email: [apiMessages.contactDuplicate] },
      },
    });
    const before = (await mailsTo(t, mama.email)).length;
    await addOk(beto, mama);
    expect(await mailsTo(t, mama.email)).toHaveLength(before + 1);
  });

  it('refuses the person’s own address as their contact, with a Spanish 422 on the e-mail', async () => {
    const before = (await mailsTo(t, 'ana@example.com')).length;
    const mine = await add(ana, { ...mama, firstname: 'Ana', email: ' ANA@example.com ' });
    expect(mine).toMatchObject({
      status: 422,
      body: {
        success: false,
        message: apiMessages.contactIsYou,
        errors: { email: ['Este es tu propio correo. Escribe el correo de la persona que quieres avisar.'] },
      },
    });
    expect((await list(ana)).contacts.map((c) => c.email)).not.toContain('ana@example.com');
    expect(await mailsTo(t, 'ana@example.com')).toHaveLength(before);
    // Another person may add it.
    await addOk(beto, { ...mama, email: 'ana@example.com' });
  });

  it('treats another person’s contact, and any malformed id, as not found', async () => {
    const [betos] = (await list(beto)).contacts;
    const ids = [
      betos?.id ?? '',
      '00000000-0000-4000-8000-000000000000',
      'abc',
      '123',
      "1' or '1'='1",
      'ñ',
      '%00',
      'a'.repeat(500),
    ];
    for (const id of ids) {
      const path = `contacts/${encodeURIComponent(id)}`;
      for (const [method, suffix] of [
        ['GET', ''],
        ['DELETE', ''],
        ['POST', '/invite'],
      ] as const) {
        const reply = await t.call(method, `${path}${suffix}`, { token: ana.access_token });
        expect(reply, `${method} ${path}${suffix}`).toMatchObject({
          status: 404,
          body: { success: false, message: apiMessages.contactNotFound },
        });
      }
    }
    // Beto's contact is still there.
    expect((await t.call('GET', `contacts/${betos?.id}`, { token: beto.access_token })).status).toBe(200);
  });

  it('asks for sign-in on every contact call', async () => {
    const id = (await list(ana)).contacts[0]?.id ?? '';
    const calls = [
      ['GET', 'contacts'],
      ['POST', 'contacts'],
      ['GET', `contacts/${id}`],
      ['DELETE', `contacts/${id}`],
      ['POST', `contacts/${id}/invite`],
    ] as const;
    for (const [method, path] of calls) {
      for (const token of [undefined, 'not-a-token', ana.refresh_token]) {
        const reply = await t.call(method, path, { token, body: method === 'POST' ? mama : undefined });
        expect(reply).toMatchObject({ status: 401, body: { success: false, message: 'Sesión expirada' } });
      }
    }
  });

  it('deletes a contact: it is gone, its link no longer works, and its address can be added again', async () => {
    const luis = await signUp(t, 'luis@example.com', 'Luis');
    const contact = await addOk(luis, { ...mama, email: 'primo@example.com', kinship: 'Primo' });
    const [mail] = await mailsTo(t, 'primo@example.com');

    const deleted = await t.call('DELETE', `contacts/${contact.id}`, { token: luis.access_token });
    expect(deleted).toMatchObject({ status: 200, body: { success: true, message: apiMessages.contactDeleted } });
    expect((await t.call('GET', `contacts/${contact.id}`, { token: luis.access_token })).status).toBe(404);
    expect((await t.call('DELETE', `contacts/${contact.id}`, { token: luis.access_token })).status).toBe(404);
    expect((await t.call('GET', `verify-contact/${verifyTokenIn(mail)}`)).status).toBe(404);

    const again = await addOk(luis, { ...mama, email: 'primo@example.com', kinship: 'Primo' });
    expect(again.id).not.toBe(contact.id);
    expect(await mailsTo(t, 'primo@example.com')).toHaveLength(2);
  });

  it('keeps the session’s contact count in step with the list', async () => {
    const sara = await signUp(t, 'sara@example.com', 'Sara');
    expect(sara.contacts).toBe(0);
    const first = await addOk(sara, { ...mama, email: 'hijo@example.com', kinship: 'Hijo' });
    await addOk(sara, { ...mama, email: 'hija@example.com', kinship: 'Hija' });
    await t.call('DELETE', `contacts/${first.id}`, { token: sara.access_token });
    const refreshed = await t.post('refresh', { refresh_token: sara.refresh_token });
    expect(v.parse(sessionSchema, refreshed.body.message).contacts).toBe(1);
    t.clock.advance(61_000);
    await t.post('signin', { email: 'sara@example.com' });
    const verify = await t.post('verify', { email: 'sara@example.com', code: await t.codeSentTo('sara@example.com') });
    expect(v.parse(sessionSchema, verify.body.message).contacts).toBe(1);
  });

  it('pages and sorts the list, oldest first by default', async () => {
    const lola = await signUp(t, 'lola@example.com', 'Lola');
    for (const [firstname, email] of [
      ['Carmen', 'c@example.com'],
      ['Alba', 'a@example.com'],
      ['Berta', 'b@example.com'],
    ]) {
      t.clock.advance(1_000);
      await addOk(lola, { ...mama, firstname, email });
    }
    const names = (reply: { contacts: Contact[] }) => reply.contacts.map((c) => c.firstname);
    const all = await list(lola);
    expect(names(all)).toEqual(['Carmen', 'Alba', 'Berta']);
    expect(all.headers.get('x-total-count')).toBe('3');
    expect(names(await list(lola, '?_sort=firstname'))).toEqual(['Alba', 'Berta', 'Carmen']);
    expect(names(await list(lola, '?_sort=email&_order=desc'))).toEqual(['Carmen', 'Berta', 'Alba']);
    expect(names(await list(lola, '?_order=desc'))).toEqual(['Berta', 'Alba', 'Carmen']);
    expect(names(await list(lola, '?_page=1&_limit=2'))).toEqual(['Carmen', 'Alba']);
    const second = await list(lola, '?_page=2&_limit=2');
    expect(names(second)).toEqual(['Berta']);
    expect(second.headers.get('x-total-count')).toBe('3');
    expect(names(await list(lola, '?_limit=1'))).toEqual(['Carmen']);
    expect(names(await list(lola, '?_page=2'))).toEqual([]);
    expect(names(await list(lola, '?_page=1e300&_limit=100'))).toEqual([]);
    // Filters of the generic client are not ours to interpret: ignored.
    expect(names(await list(lola, '?firstname=Alba'))).toHaveLength(3);
  });

  it('explains bad paging values in Spanish', async () => {
    const cases: [string, Record<string, string[]>][] = [
      ['?_page=0', { _page: [fieldMessages.pageInvalid] }],
      ['?_page=uno', { _page: [fieldMessages.pageInvalid] }],
      ['?_page=1.5', { _page: [fieldMessages.pageInvalid] }],
      ['?_limit=101', { _limit: [fieldMessages.limitInvalid] }],
      ['?_limit=', { _limit: [fieldMessages.limitInvalid] }],
      ['?_sort=phone', { _sort: [fieldMessages.sortInvalid] }],
      ['?_order=up&_page=-1', { _order: [fieldMessages.orderInvalid], _page: [fieldMessages.pageInvalid] }],
    ];
    for (const [query, errors] of cases) {
      const reply = await list(ana, query);
      expect(reply, query).toMatchObject({
        status: 422,
        body: { success: false, message: apiMessages.invalidData, errors },
      });
    }
    expect(fieldMessages.pageInvalid).toMatch(/página/);
  });

  it('answers a change that changes nothing (unmarking a contact not marked) with the contact as it is', async () => {
    const contact = await addOk(ana, { ...mama, email: 'sin-cambio@example.com' });
    expect(contact.receives_detention_info).toBe(false);
    const reply = await t.call('PATCH', `contacts/${contact.id}`, {
      token: ana.access_token,
      body: { receives_detention_info: false },
    });
    expect(reply).toMatchObject({ status: 200, body: { success: true, message: contact } });
    const one = await t.call('GET', `contacts/${contact.id}`, { token: ana.access_token });
    expect(one).toMatchObject({ status: 200, body: { success: true, message: contact } });
  });

  it('never answers 500 to odd input, and refuses bodies over 16 kB', async () => {
    const odd = [
      'null',
      '[]',
      '"texto"',
      '123',
      '{"email":{"a":1}}',
      '{"kinship":["Madre"]}',
      '\u0000',
      '{"firstname": ',
    ];
    for (const body of odd) {
      const reply = await t.call('POST', 'contacts', { token: ana.access_token, body });
      expect(reply.status, body).toBeGreaterThanOrEqual(400);
      expect(reply.status, body).toBeLessThan(500);
    }
    const big = await t.call('POST', 'contacts', {
      token: ana.access_token,
      body: { ...mama, email: 'big@example.com', notes: 'x'.repeat(17 * 1024) },
    });
    expect(big).toMatchObject({ status: 413, body: { success: false, message: apiMessages.bodyTooLarge } });
    expect((await t.call('PUT', 'contacts', { token: ana.access_token })).status).toBe(405);
  });

  it('limits invitations to one address to three a day, even across delete and re-add, which saves the contact as pending', async () => {
    t.clock.set(new Date('2026-04-01T10:00:00Z'));
    const nora = await signUp(t, 'nora@example.com', 'Nora');
    const contact = await addOk(nora, { ...mama, email: 'vecina@example.com', kinship: 'Conocida' });
    for (let i = 0; i < 2; i += 1) {
      t.clock.advance(60_000);
      const invite = await t.call('POST', `contacts/${contact.id}/invite`, { token: nora.access_token });
      expect(invite).toMatchObject({ status: 200, body: { success: true, message: apiMessages.invitationSent } });
    }
    t.clock.advance(60_000);
    const fourth = await t.call('POST', `contacts/${contact.id}/invite`, { token: nora.access_token });
    expect(fourth).toMatchObject({
      status: 429,
      body: { success: false, message: expect.stringMatching(/Podrás reenviar la invitación dentro de 14 horas\.$/) },
    });
    expect(fourth.headers.get('retry-after')).toBe(String(14 * 60 * 60 - 3 * 60));
    expect(await mailsTo(t, 'vecina@example.com')).toHaveLength(3);

    await t.call('DELETE', `contacts/${contact.id}`, { token: nora.access_token });
    const readded = await addOk(nora, { ...mama, email: 'vecina@example.com', kinship: 'Conocida' });
    expect(readded.invitation_pending_until).toBe('2026-04-02T00:00:00.000Z');
    expect((await list(nora)).contacts).toEqual([readded]);
    expect(await mailsTo(t, 'vecina@example.com')).toHaveLength(3);

    t.clock.set(new Date('2026-04-02T00:00:00Z'));
    expect(await mailsTo(t, 'vecina@example.com')).toHaveLength(4);
  });

  it('never writes an address, a name or a link token to the log', async () => {
    await t.drainOutbox();
    // File names are timestamps and the temp folder's name is random: neither is ours to judge.
    const logged = t.log.text().replace(/\S+\.eml/g, '<file>');
    expect(logged).toContain('correo');
    for (const secret of [
      mama.email,
      'vecina@example.com',
      'Rosa',
      'García',
      verifyTokenIn((await mailsTo(t, mama.email))[0]),
      unsubscribeTokenIn((await mailsTo(t, mama.email))[0]),
    ]) {
      expect(logged).not.toContain(secret);
    }
  });
});
