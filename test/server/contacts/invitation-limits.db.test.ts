import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/api/auth.ts';
import { contactListSchema, contactSchema } from '#shared/api/contacts.ts';
import type { Contact } from '#shared/api/contacts.ts';
import { apiMessages } from '#shared/messages.ts';
import { mailsTo, verifyTokenIn } from '#test/support/contact-mail.ts';
import { signUp } from '#test/support/sign-up.ts';
import { createTestApp } from '#test/support/test-app.ts';
import type { Reply, TestApp } from '#test/support/test-app.ts';

const HOUR = 60 * 60_000;
const INVITATION_SUBJECT = /te agregó como contacto de emergencia/;

const pendingNotice = (wait: string) =>
  `Invitación pendiente. Por seguridad enviamos un número limitado de invitaciones por hora y por día. Guardamos el contacto y le enviaremos la invitación automáticamente dentro de ${wait}; no tienes que hacer nada.`;

describe('invitation limits: saving a contact is never limited, sending is', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://sos.example.org' } });
  });
  afterAll(() => t.close());

  const person = (n: number) => ({
    firstname: 'Contacto',
    lastname: `Número ${'ABCDEFGHIJKLMNOPQRSTUVWXYZ'[n % 26]}`,
    phone: '+13055550111',
    kinship: 'Amigo',
  });
  const add = (session: Session, email: string, n = 0) =>
    t.call('POST', 'contacts', { token: session.access_token, body: { ...person(n), email } });
  const contactOf = (reply: Reply): Contact => v.parse(contactSchema, reply.body.message);
  const list = async (session: Session) =>
    v.parse(contactListSchema, (await t.call('GET', 'contacts', { token: session.access_token })).body.message);
  const invitationsTo = async (email: string) =>
    (await mailsTo(t, email)).filter((m) => INVITATION_SUBJECT.test(m.subject ?? ''));

  it('saves the 11th contact of an hour and the 31st of a day as pending, says when in Spanish, and sends each invitation by itself then', async () => {
    t.clock.set(new Date('2026-05-04T09:10:00Z'));
    const ana = await signUp(t, 'ana.limites@example.com', 'Ana');
    const replies: Reply[] = [];
    for (let n = 0; n < 11; n += 1) replies.push(await add(ana, `amigo${n}@example.com`, n));

    expect(replies.map((r) => r.status)).toEqual(Array(11).fill(200));
    expect(replies.slice(0, 10).map((r) => [contactOf(r).invitation_pending_until, 'notice' in r.body])).toEqual(
      Array(10).fill([null, false]),
    );
    const eleventh = replies[10]!;
    expect(eleventh.body).toEqual({
      success: true,
      message: {
        ...contactOf(eleventh),
        invitation_pending_until: '2026-05-04T10:00:00.000Z',
        email_verified_at: null,
      },
      notice: pendingNotice('50 minutos'),
    });
    expect(await invitationsTo('amigo9@example.com')).toHaveLength(1);
    expect(await invitationsTo('amigo10@example.com')).toHaveLength(0);
    const listed = await list(ana);
    expect(listed).toHaveLength(11);
    expect(listed.find((c) => c.email === 'amigo10@example.com')?.invitation_pending_until).toBe(
      '2026-05-04T10:00:00.000Z',
    );

    // The window opens: the invitation leaves without anyone pressing anything, and its link works.
    t.clock.set(new Date('2026-05-04T10:00:00Z'));
    const [late] = await invitationsTo('amigo10@example.com');
    expect(late?.subject).toMatch(INVITATION_SUBJECT);
    expect((await list(ana)).find((c) => c.email === 'amigo10@example.com')?.invitation_pending_until).toBeNull();
    expect((await t.call('GET', `verify-contact/${verifyTokenIn(late)}`)).status).toBe(200);

    // The 11th took one of 10:xx's ten; 9 more fill that hour, 10 the next, and the day's 30 are gone.
    for (let n = 11; n < 20; n += 1) expect((await add(ana, `amigo${n}@example.com`, n)).body.notice).toBeUndefined();
    expect(contactOf(await add(ana, 'amigo20@example.com', 20)).invitation_pending_until).toBe(
      '2026-05-04T11:00:00.000Z',
    );
    t.clock.set(new Date('2026-05-04T11:00:00Z'));
    for (let n = 21; n < 30; n += 1) expect((await add(ana, `amigo${n}@example.com`, n)).body.notice).toBeUndefined();
    const thirtyFirst = await add(ana, 'amigo30@example.com', 30);
    expect(contactOf(thirtyFirst).invitation_pending_until).toBe('2026-05-05T00:00:00.000Z');
    expect(thirtyFirst.body.notice).toBe(pendingNotice('13 horas'));
    expect(await invitationsTo('amigo30@example.com')).toHaveLength(0);

    t.clock.set(new Date('2026-05-05T00:00:00Z'));
    expect(await invitationsTo('amigo30@example.com')).toHaveLength(1);
  });

  it('sends at most 3 invitations a day to one address, from all accounts together', async () => {
    t.clock.set(new Date('2026-06-01T15:00:00Z'));
    const email = 'muy.solicitada@example.com';
    const people = [];
    for (const name of ['uno', 'dos', 'tres', 'cuatro'])
      people.push(await signUp(t, `${name}.dia@example.com`, 'Persona'));
    const replies = [];
    for (const session of people) replies.push(await add(session, email));

    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(replies.map((r) => contactOf(r).invitation_pending_until)).toEqual([
      null,
      null,
      null,
      '2026-06-02T00:00:00.000Z',
    ]);
    expect(replies[3]?.body.notice).toBe(pendingNotice('9 horas'));
    expect(await invitationsTo(email)).toHaveLength(3);

    t.clock.set(new Date('2026-06-02T00:00:00Z'));
    expect(await invitationsTo(email)).toHaveLength(4);
  });

  it('refuses a resend past the limits with when, in Spanish, and never queues a second e-mail for a pending contact', async () => {
    t.clock.set(new Date('2026-07-01T08:30:00Z'));
    const eva = await signUp(t, 'eva.reenvios@example.com', 'Eva');
    const contacts: Contact[] = [];
    for (let n = 0; n < 11; n += 1) contacts.push(contactOf(await add(eva, `reenvio${n}@example.com`, n)));
    const [first, pending] = [contacts[0]!, contacts[10]!];

    const resend = await t.call('POST', `contacts/${first.id}/invite`, { token: eva.access_token });
    expect(resend).toMatchObject({
      status: 429,
      body: {
        success: false,
        message:
          'Por seguridad enviamos un número limitado de invitaciones por hora y por día. Podrás reenviar la invitación dentro de 30 minutos.',
      },
    });
    expect(resend.headers.get('retry-after')).toBe(String(30 * 60));

    const again = await t.call('POST', `contacts/${pending.id}/invite`, { token: eva.access_token });
    expect(again).toMatchObject({
      status: 429,
      body: {
        success: false,
        message: 'La invitación ya está programada: la enviaremos automáticamente dentro de 30 minutos.',
      },
    });
    expect(again.headers.get('retry-after')).toBe(String(30 * 60));

    // Next hour: the pending one leaves by itself, once, and the resend goes through.
    t.clock.set(new Date('2026-07-01T09:00:00Z'));
    expect(await invitationsTo('reenvio10@example.com')).toHaveLength(1);
    expect(await t.call('POST', `contacts/${first.id}/invite`, { token: eva.access_token })).toMatchObject({
      status: 200,
      body: { success: true, message: apiMessages.invitationSent },
    });
    expect(await invitationsTo('reenvio0@example.com')).toHaveLength(2);
  });

  it('withdraws a pending invitation when its contact is deleted', async () => {
    t.clock.set(new Date('2026-08-01T10:00:00Z'));
    const flor = await signUp(t, 'flor.borra@example.com', 'Flor');
    const contacts: Contact[] = [];
    for (let n = 0; n < 11; n += 1) contacts.push(contactOf(await add(flor, `borrado${n}@example.com`, n)));
    expect(contacts[10]?.invitation_pending_until).toBe('2026-08-01T11:00:00.000Z');
    expect((await t.call('DELETE', `contacts/${contacts[10]!.id}`, { token: flor.access_token })).status).toBe(200);

    t.clock.advance(2 * HOUR);
    expect(await invitationsTo('borrado10@example.com')).toHaveLength(0);
  });
});
