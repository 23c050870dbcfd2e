import { randomUUID } from 'node:crypto';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactListSchema } from '#shared/api/contacts.ts';
import { ht } from '#shared/contact-texts/ht.ts';
import { HTML_LANG } from '#shared/language.ts';
import { apiMessages, fieldMessages } from '#shared/messages.ts';
import { createOutboxWorker } from '#server/mail/outbox-worker.ts';
import { createMailTransport } from '#server/mail/transport.ts';
import { renderStoredMail } from '#server/messages/render-message.ts';
import { ackTokenIn, MEXICO, personWithConfirmedContacts, press } from '#test/support/alert-people.ts';
import { otherLanguageIn } from '#test/support/catalogue-fragments.ts';
import { mailsTo, unsubscribeTokenIn, verifyTokenIn } from '#test/support/contact-mail.ts';
import { startSmtpSink, type SmtpSink } from '#test/support/smtp-sink.ts';
import { createTestApp, type TestApp } from '#test/support/test-app.ts';

// The language switch on a contact's page is kept on the contact, through the token of
// the page's own link, so the next e-mail follows it; and every e-mail says its language.

describe('a contact switching language on a page their e-mail opened', () => {
  let t: TestApp;
  let smtp: SmtpSink;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await createTestApp({ env: { PUBLIC_URL: 'https://sos.example.org' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const switchLanguage = (token: unknown, language: unknown) =>
    t.call('PUT', 'contact-language', { body: { token, language } });
  const languages = async (token: string) =>
    Object.fromEntries(
      v
        .parse(contactListSchema, (await t.call('GET', 'contacts', { token })).body.message)
        .map((contact) => [contact.firstname, contact.language]),
    );

  it("gets the next alert in Creole after switching from Spanish on the 'Lo tengo' page", async () => {
    const { me, emails } = await personWithConfirmedContacts(t, 'cambia-ht', [['Luis', 'Díaz']]);
    const luis = emails[0]!;
    expect((await press(t, me, { alert_status: '1', ...MEXICO })).status).toBe(200);
    const [, spanishAlert] = await mailsTo(t, luis);
    expect(spanishAlert?.headers.get('content-language')).toBe('es');

    expect((await switchLanguage(ackTokenIn(spanishAlert), 'ht')).body).toEqual({
      success: true,
      message: apiMessages.contactLanguageSaved,
    });
    expect(await languages(me.access_token)).toEqual({ Luis: 'ht' });

    // The alert ends and a new one starts: its e-mail leaves through a real SMTP server, in Creole.
    const end = await t.call('PATCH', 'active-button', {
      token: me.access_token,
      body: { alert_status: '2' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(end.status).toBe(200);
    await t.drainOutbox();
    t.clock.advance(10 * 60_000);
    expect((await press(t, me, { alert_status: '1', ...MEXICO })).status).toBe(200);
    const transport = createMailTransport({
      smtpUrl: smtp.url,
      from: t.config.mailFrom,
      mailDir: t.mailDir,
      log: t.log,
    });
    const worker = createOutboxWorker({
      pool: t.pool,
      transport,
      clock: t.clock,
      log: t.log,
      render: renderStoredMail(t.config),
    });
    try {
      await worker.drain();
    } finally {
      transport.close();
    }
    const creole = smtp.received.filter(
      (mail) => !Array.isArray(mail.to) && mail.to?.value.some((a) => a.address === luis),
    );
    expect(creole.map((mail) => mail.subject)).toEqual([ht.startedSubject('Rosa Prueba')]);
    const [mail] = creole;
    expect(mail?.headers.get('content-language')).toBe('ht');
    expect(mail?.html).toContain('<html lang="ht">');
    expect(mail?.text).toContain('Bonjou Luis,');
    expect(otherLanguageIn(mail!, 'ht')).toEqual([]);
    expect(mail?.text).toMatch(/\/web\/active\/ack\/[A-Za-z0-9_-]+\?lang=ht\n/);
  });

  it('keeps the switch made on the terms page (the invitation stays usable) and on the unsubscribe page', async () => {
    const { me, emails } = await personWithConfirmedContacts(t, 'cambia-pt', [['Ana', 'Gil']]);
    const pending = 'cambia-pt-joao@example.com';
    const body = { firstname: 'João', lastname: 'Silva', email: pending, phone: '+13055550111', kinship: 'Hermano' };
    expect((await t.call('POST', 'contacts', { token: me.access_token, body })).status).toBe(200);
    const [invitation] = await mailsTo(t, pending);

    expect((await switchLanguage(verifyTokenIn(invitation), 'pt')).status).toBe(200);
    expect((await switchLanguage(unsubscribeTokenIn((await mailsTo(t, emails[0]!))[0]), 'en')).status).toBe(200);
    expect(await languages(me.access_token)).toEqual({ Ana: 'en', João: 'pt' });
    // Switching read the invitation, it did not use it up.
    expect((await t.call('GET', `verify-contact/${verifyTokenIn(invitation)}`)).status).toBe(200);
  });

  it('refuses an unknown link with 404 and a language it does not know with 422 in Spanish, changing nothing', async () => {
    const { me, emails } = await personWithConfirmedContacts(t, 'cambia-mal', [['Eva', 'Paz']]);
    const token = unsubscribeTokenIn((await mailsTo(t, emails[0]!))[0]);
    expect(await switchLanguage('x'.repeat(43), 'ht')).toMatchObject({
      status: 404,
      body: { success: false, message: apiMessages.linkInvalid },
    });
    for (const language of ['fr', 'HT', '', null, undefined]) {
      expect({ language, reply: (await switchLanguage(token, language)).body }).toEqual({
        language,
        reply: {
          success: false,
          message: apiMessages.invalidData,
          errors: { language: [fieldMessages.languageInvalid] },
        },
      });
    }
    expect((await switchLanguage(undefined, 'ht')).status).toBe(422);
    expect(await languages(me.access_token)).toEqual({ Eva: 'es' });
  });

  it("says every e-mail's language in Content-Language, the same as its HTML part: the person's own e-mails in Spanish", async () => {
    const all = await t.inbox();
    expect(all.length).toBeGreaterThan(5);
    for (const mail of all) {
      const lang = /<html lang="([^"]+)">/.exec(typeof mail.html === 'string' ? mail.html : '')?.[1];
      expect({ subject: mail.subject, header: mail.headers.get('content-language') }).toEqual({
        subject: mail.subject,
        header: lang,
      });
    }
    // The sign-in codes of the people above are the person's own: Spanish.
    const codes = all.filter((mail) => /código/i.test(mail.subject ?? ''));
    expect(codes.length).toBeGreaterThan(0);
    for (const mail of codes) expect(mail.headers.get('content-language')).toBe(HTML_LANG.es);
  });
});
