import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactSchema } from '#shared/api/contacts.ts';
import type { Contact } from '#shared/api/contacts.ts';
import type { Session } from '#shared/api/auth.ts';
import { apiMessages, fieldMessages } from '#shared/messages.ts';
import { isUnsubscribed, unsubscribeLink } from '#server/message-content/opt-outs.ts';
import { mailsTo, unsubscribeTokenIn, verifyTokenIn } from '#test/support/contact-mail.ts';
import { signUp } from '#test/support/sign-up.ts';
import { createTestApp } from '#test/support/test-app.ts';
import type { TestApp } from '#test/support/test-app.ts';

const DAY = 24 * 60 * 60_000;
const person = (email: string) => ({
  firstname: 'Lucía',
  lastname: 'Mora',
  email,
  phone: '+525512345678',
  kinship: 'Hermana',
});

describe('a contact confirms, or opts out, from the e-mail', () => {
  let t: TestApp;
  let ana: Session;
  beforeAll(async () => {
    t = await createTestApp();
    ana = await signUp(t, 'ana@example.com', 'Ana');
  });
  afterAll(() => t.close());

  const add = async (session: Session, email: string) => {
    const reply = await t.call('POST', 'contacts', { token: session.access_token, body: person(email) });
    return { ...reply, contact: reply.status === 200 ? v.parse(contactSchema, reply.body.message) : undefined };
  };
  const contactOf = async (session: Session, contact: Contact | undefined) =>
    v.parse(
      contactSchema,
      (await t.call('GET', `contacts/${contact?.id}`, { token: session.access_token })).body.message,
    );
  const accept = (token: string) => t.call('GET', `verify-contact/${token}`);
  const invite = (session: Session, contact: Contact | undefined) =>
    t.call('POST', `contacts/${contact?.id}/invite`, { token: session.access_token });
  const unsubscribe = (token: unknown) => t.call('POST', 'unsubscribe', { body: { token } });

  it("names the person on the link's pages, and an invitation opened again says it was already accepted", async () => {
    const { contact } = await add(ana, 'nombrada@example.com');
    const [invitation] = await mailsTo(t, 'nombrada@example.com');
    const token = verifyTokenIn(invitation);
    const personOf = (link: string) => t.call('GET', `link-person/${link}`);
    const name = 'Ana Prueba';

    expect(await personOf(token)).toMatchObject({
      status: 200,
      body: { success: true, message: { name, accepted: false } },
    });
    // Reading it used nothing up.
    expect((await accept(token)).status).toBe(200);
    expect(await personOf(token)).toMatchObject({
      status: 200,
      body: { success: true, message: { name, accepted: true } },
    });
    expect(await personOf(unsubscribeTokenIn(invitation))).toMatchObject({ status: 200, body: { message: { name } } });
    expect(await personOf('x'.repeat(43))).toMatchObject({ status: 404, body: { message: apiMessages.linkInvalid } });

    // Deleted, the contact's used link says nothing more.
    expect((await t.call('DELETE', `contacts/${contact?.id}`, { token: ana.access_token })).status).toBe(200);
    expect((await personOf(token)).status).toBe(404);
  });

  it('confirms a contact once: the link then stops working', async () => {
    const { contact } = await add(ana, 'lucia@example.com');
    const token = verifyTokenIn((await mailsTo(t, 'lucia@example.com'))[0]);
    t.clock.advance(3 * DAY);

    const accepted = await accept(token);
    expect(accepted).toMatchObject({ status: 200, body: { success: true, message: apiMessages.contactVerified } });
    expect((await contactOf(ana, contact)).email_verified_at).toBe(t.clock.now().toISOString());

    const reused = await accept(token);
    expect(reused).toMatchObject({ status: 404, body: { success: false, message: apiMessages.linkInvalid } });
    // A verified contact needs no invitation.
    expect(await invite(ana, contact)).toMatchObject({
      status: 409,
      body: { success: false, message: apiMessages.contactAlreadyVerified },
    });
    expect(await mailsTo(t, 'lucia@example.com')).toHaveLength(1);
  });

  it('lets a link expire after seven days', async () => {
    const { contact: early } = await add(ana, 'a-tiempo@example.com');
    const { contact: late } = await add(ana, 'tarde@example.com');
    const onTime = verifyTokenIn((await mailsTo(t, 'a-tiempo@example.com'))[0]);
    const tooLate = verifyTokenIn((await mailsTo(t, 'tarde@example.com'))[0]);

    t.clock.advance(7 * DAY - 1_000);
    expect((await accept(onTime)).status).toBe(200);
    t.clock.advance(1_000);
    expect(await accept(tooLate)).toMatchObject({
      status: 404,
      body: { success: false, message: apiMessages.linkInvalid },
    });
    expect((await contactOf(ana, early)).email_verified_at).not.toBeNull();
    expect((await contactOf(ana, late)).email_verified_at).toBeNull();

    // A fresh invitation gives seven more days.
    expect(await invite(ana, late)).toMatchObject({
      status: 200,
      body: { success: true, message: apiMessages.invitationSent },
    });
    const fresh = verifyTokenIn((await mailsTo(t, 'tarde@example.com'))[1]);
    expect((await accept(fresh)).status).toBe(200);
  });

  it('sends a fresh invitation on request and the older link dies', async () => {
    const { contact } = await add(ana, 'pablo@example.com');
    const first = verifyTokenIn((await mailsTo(t, 'pablo@example.com'))[0]);
    expect((await invite(ana, contact)).status).toBe(200);
    const mails = await mailsTo(t, 'pablo@example.com');
    expect(mails).toHaveLength(2);
    expect(mails[1]?.subject).toBe('Ana Prueba te agregó como contacto de emergencia');
    const second = verifyTokenIn(mails[1]);
    expect(second).not.toBe(first);
    // Every e-mail from Ana to this address carries the same unsubscribe link.
    expect(unsubscribeTokenIn(mails[1])).toBe(unsubscribeTokenIn(mails[0]));

    expect(await accept(first)).toMatchObject({ status: 404, body: { message: apiMessages.linkInvalid } });
    expect(await accept(second)).toMatchObject({ status: 200, body: { message: apiMessages.contactVerified } });
  });

  it('answers a made-up or malformed link with the same 404', async () => {
    for (const token of ['abc', 'A'.repeat(43), 'x'.repeat(500), '..%2F..%2Fetc', "1' or '1'='1"]) {
      const reply = await accept(encodeURIComponent(token));
      expect(reply, token).toMatchObject({ status: 404, body: { success: false, message: apiMessages.linkInvalid } });
    }
  });

  it('honours an unsubscribe link: no more e-mail from that person, even after deleting and re-adding the contact', async () => {
    const { contact } = await add(ana, 'jorge@example.com');
    const [mail] = await mailsTo(t, 'jorge@example.com');
    const token = unsubscribeTokenIn(mail);

    const done = await unsubscribe(token);
    expect(done).toMatchObject({ status: 200, body: { success: true, message: apiMessages.unsubscribed } });
    const optedOutAt = t.clock.now().toISOString();
    t.clock.advance(60_000);
    // Pressing twice changes nothing.
    expect(await unsubscribe(token)).toMatchObject({
      status: 200,
      body: { success: true, message: apiMessages.unsubscribed },
    });
    expect((await contactOf(ana, contact)).unsubscribed_at).toBe(optedOutAt);

    // The pending confirmation link died with the opt-out; no invitation can be sent.
    expect(await accept(verifyTokenIn(mail))).toMatchObject({
      status: 404,
      body: { message: apiMessages.linkInvalid },
    });
    expect(await invite(ana, contact)).toMatchObject({
      status: 409,
      body: { success: false, message: apiMessages.contactUnsubscribed },
    });

    await t.call('DELETE', `contacts/${contact?.id}`, { token: ana.access_token });
    const readded = await add(ana, 'jorge@example.com');
    expect(readded.status).toBe(200);
    expect(readded.contact).toMatchObject({
      email: 'jorge@example.com',
      email_verified_at: null,
      unsubscribed_at: optedOutAt,
    });
    expect(await invite(ana, readded.contact)).toMatchObject({
      status: 409,
      body: { message: apiMessages.contactUnsubscribed },
    });
    expect(await mailsTo(t, 'jorge@example.com')).toHaveLength(1);
  });

  it('opts out of one person only: someone else may still invite the same address', async () => {
    await add(ana, 'tomas@example.com');
    const [fromAna] = await mailsTo(t, 'tomas@example.com');
    expect((await unsubscribe(unsubscribeTokenIn(fromAna))).status).toBe(200);

    const beto = await signUp(t, 'beto@example.com', 'Beto');
    const { contact } = await add(beto, 'tomas@example.com');
    expect(contact).toMatchObject({ email: 'tomas@example.com', email_verified_at: null, unsubscribed_at: null });
    const mails = await mailsTo(t, 'tomas@example.com');
    expect(mails.map((mail) => mail.subject)).toEqual([
      'Ana Prueba te agregó como contacto de emergencia',
      'Beto Prueba te agregó como contacto de emergencia',
    ]);
    expect(unsubscribeTokenIn(mails[1])).not.toBe(unsubscribeTokenIn(mails[0]));
    expect((await accept(verifyTokenIn(mails[1]))).status).toBe(200);
  });

  it('drops an invitation still waiting in the outbox when the address opts out', async () => {
    const { contact } = await add(ana, 'marta@example.com');
    const [first] = await mailsTo(t, 'marta@example.com');
    // The mail server is slow: the second invitation is still queued when Marta opts out.
    expect((await invite(ana, contact)).status).toBe(200);
    expect((await unsubscribe(unsubscribeTokenIn(first))).status).toBe(200);
    expect(await mailsTo(t, 'marta@example.com')).toHaveLength(1);
  });

  it('gives later e-mails (SOS alerts) the same unsubscribe link and tells whether the address opted out', async () => {
    const { contact } = await add(ana, 'ines@example.com');
    const [mail] = await mailsTo(t, 'ines@example.com');
    const link = await unsubscribeLink(t.db, t.config, ana.id, 'ines@example.com', t.clock.now());
    expect(link).toBe(`${t.config.publicUrl}/web/active/unsubscribe?token=${unsubscribeTokenIn(mail)}`);
    expect(await isUnsubscribed(t.db, ana.id, 'ines@example.com')).toBe(false);
    await unsubscribe(unsubscribeTokenIn(mail));
    expect(await isUnsubscribed(t.db, ana.id, 'ines@example.com')).toBe(true);
    expect((await contactOf(ana, contact)).unsubscribed_at).not.toBeNull();
  });

  it('answers an unknown unsubscribe token with 404 and a malformed one with field errors', async () => {
    expect(await unsubscribe('A'.repeat(43))).toMatchObject({
      status: 404,
      body: { success: false, message: apiMessages.linkInvalid },
    });
    const missing = await t.call('POST', 'unsubscribe', { body: {} });
    expect(missing).toMatchObject({
      status: 422,
      body: { success: false, errors: { token: [fieldMessages.fieldRequired] } },
    });
    for (const token of ['abc', 'x'.repeat(101), 'con espacios y más texto aquí', 42]) {
      const reply = await unsubscribe(token);
      expect(reply.status, String(token)).toBe(422);
    }
    expect((await unsubscribe('abc')).body.errors).toEqual({ token: [fieldMessages.linkInvalid] });
    for (const body of ['null', '[]', '"texto"', '{"token": ', '\u0000']) {
      expect((await t.call('POST', 'unsubscribe', { body })).status, body).toBeLessThan(500);
    }
    expect((await t.call('GET', 'unsubscribe')).status).toBe(405);
  });

  it('keeps addresses and link tokens out of the log', async () => {
    await add(ana, 'rocio@example.com');
    const [mail] = await mailsTo(t, 'rocio@example.com');
    const secrets = ['rocio@example.com', verifyTokenIn(mail), unsubscribeTokenIn(mail)];
    expect((await accept(verifyTokenIn(mail))).status).toBe(200);
    expect((await unsubscribe(unsubscribeTokenIn(mail))).status).toBe(200);
    const logged = t.log.text().replace(/\S+\.eml/g, '<file>');
    for (const secret of secrets) expect(logged).not.toContain(secret);
  });
});
