import { randomUUID } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Session } from '#shared/api/auth.ts';
import { contactListSchema, contactSchema } from '#shared/api/contacts.ts';
import { es } from '#shared/contact-texts/es.ts';
import { contactTexts, type ContactTexts } from '#shared/contact-texts/index.ts';
import { HTML_LANG, LANGUAGES, type Language } from '#shared/language.ts';
import { apiMessages, fieldMessages } from '#shared/messages.ts';
import { createReminderWorker } from '#server/alerts/reminders.ts';
import type { AlertStarter } from '#server/deps.ts';
import { MEXICO, press } from '#test/support/alert-people.ts';
import {
  foreignPieces,
  otherLanguageIn,
  onlyEnglish,
  onlySpanish,
  readableMail,
} from '#test/support/catalogue-fragments.ts';
import { mailsTo, verifyTokenIn } from '#test/support/contact-mail.ts';
import { signUp } from '#test/support/sign-up.ts';
import { createTestApp, type TestApp } from '#test/support/test-app.ts';

// A contact's language: 'es' unless the person chose 'en', 'pt' or 'ht', stored,
// returned with every contact, changed on the detail screen, and followed by every e-mail.

const rosa = { firstname: 'Rosa', lastname: 'García', phone: '+13055550111', kinship: 'Madre' };
const MINUTE = 60_000;

describe('a contact language through the API', () => {
  let t: TestApp;
  let ana: Session;
  let beto: Session;
  beforeAll(async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://sos.example.org' } });
    ana = await signUp(t, 'idioma-ana@example.com', 'Ana');
    beto = await signUp(t, 'idioma-beto@example.com', 'Beto');
  });
  afterAll(() => t.close());

  const add = (me: Session, body: Record<string, unknown>) =>
    t.call('POST', 'contacts', { token: me.access_token, body });
  const one = async (me: Session, id: string) =>
    v.parse(contactSchema, (await t.call('GET', `contacts/${id}`, { token: me.access_token })).body.message);
  const list = async (me: Session) =>
    v.parse(contactListSchema, (await t.call('GET', 'contacts', { token: me.access_token })).body.message);
  const change = (me: Session, id: string, body: unknown, method = 'PATCH') =>
    t.call(method, `contacts/${id}`, { token: me.access_token, body });

  it("stores 'es' when no language is given, and returns it in the list and alone", async () => {
    const reply = await add(ana, { ...rosa, email: 'sin-idioma@example.com' });
    expect(reply.status).toBe(200);
    const contact = v.parse(contactSchema, reply.body.message);
    expect(contact.language).toBe('es');
    expect(await one(ana, contact.id)).toEqual(contact);
    expect((await list(ana)).find((item) => item.id === contact.id)).toEqual(contact);
  });

  it("stores 'en' when chosen, and returns it in the list and alone", async () => {
    const reply = await add(ana, { ...rosa, email: 'english@example.com', language: 'en' });
    expect(reply.status).toBe(200);
    const contact = v.parse(contactSchema, reply.body.message);
    expect(contact.language).toBe('en');
    expect(await one(ana, contact.id)).toEqual(contact);
    expect((await list(ana)).find((item) => item.id === contact.id)).toEqual(contact);
  });

  it('refuses any other language with 422 and a Spanish message, and saves nothing', async () => {
    const before = await list(ana);
    for (const language of ['fr', 'EN', 'english', '', 1, null, ['en']]) {
      const reply = await add(ana, { ...rosa, email: 'otro-idioma@example.com', language });
      expect(reply.status).toBe(422);
      expect(reply.body).toEqual({
        success: false,
        message: apiMessages.invalidData,
        errors: { language: [fieldMessages.languageInvalid] },
      });
    }
    expect(await list(ana)).toEqual(before);
  });

  it('changes the language with PATCH or PUT, for the caller’s own contacts only', async () => {
    const contact = v.parse(contactSchema, (await add(ana, { ...rosa, email: 'cambia@example.com' })).body.message);

    const patched = await change(ana, contact.id, { language: 'en' });
    expect(patched.status).toBe(200);
    expect(patched.body).toEqual({ success: true, message: { ...contact, language: 'en' } });
    expect(await one(ana, contact.id)).toEqual({ ...contact, language: 'en' });

    const put = await change(ana, contact.id, { language: 'es' }, 'PUT');
    expect(put.body).toEqual({ success: true, message: contact });
    expect(await one(ana, contact.id)).toEqual(contact);

    // Someone else's contact, a made-up id and no id at all are the same: not found, nothing changed.
    expect(await change(beto, contact.id, { language: 'en' })).toMatchObject({
      status: 404,
      body: { success: false, message: apiMessages.contactNotFound },
    });
    expect((await change(ana, randomUUID(), { language: 'en' })).status).toBe(404);
    expect((await change(ana, 'not-an-id', { language: 'en' })).status).toBe(404);
    expect((await t.call('PATCH', `contacts/${contact.id}`, { body: { language: 'en' } })).status).toBe(401);
    expect(await one(ana, contact.id)).toEqual(contact);
  });

  it('refuses a change to anything but es, en, pt or ht with 422 and a Spanish message', async () => {
    const contact = v.parse(contactSchema, (await add(ana, { ...rosa, email: 'mal-cambio@example.com' })).body.message);
    for (const body of [{}, { language: 'de' }, { language: null }, { language: 'ES' }]) {
      const reply = await change(ana, contact.id, body);
      expect(reply.status).toBe(422);
      expect(reply.body).toEqual({
        success: false,
        message: apiMessages.invalidData,
        errors: { language: [fieldMessages.languageInvalid] },
      });
    }
    expect(await one(ana, contact.id)).toEqual(contact);
  });
});

const paths = [
  { path: 'one statement', declines: false },
  { path: 'transaction', declines: true },
];

/** Every e-mail kind a contact gets, in the order they come. */
const KINDS = ['invitation', 'practice', 'started', 'position', 'reminder', 'ended'] as const;

describe.each(paths)('every e-mail in the contact’s language, the alert started by the $path path', ({ declines }) => {
  let t: TestApp;
  const starter = (made: AlertStarter): AlertStarter => (declines ? async () => undefined : made);
  let me: Session;
  const mails = { es: [], en: [], pt: [], ht: [] } as Record<Language, ParsedMail[]>;
  const tag = declines ? 'tx' : 'uno';
  const address: Record<Language, string> = {
    es: `luis-${tag}@example.com`,
    en: `john-${tag}@example.com`,
    pt: `joao-${tag}@example.com`,
    ht: `jean-${tag}@example.com`,
  };

  beforeAll(async () => {
    t = await createTestApp({ alertStarter: starter, env: { PUBLIC_URL: 'https://sos.example.org' } });
    me = await signUp(t, `idioma-${tag}@example.com`, 'Rosa');
    const people = [
      { firstname: 'Luis', lastname: 'Díaz', email: address.es },
      { firstname: 'John', lastname: 'Smith', email: address.en, language: 'en' },
      { firstname: 'João', lastname: 'Silva', email: address.pt, language: 'pt' },
      { firstname: 'Jean', lastname: 'Pierre', email: address.ht, language: 'ht' },
    ];
    for (const person of people) {
      expect(
        (
          await t.call('POST', 'contacts', {
            token: me.access_token,
            body: { ...person, phone: '+13055550111', kinship: 'Hermano' },
          })
        ).status,
      ).toBe(200);
      const token = verifyTokenIn((await mailsTo(t, person.email))[0]);
      expect((await t.call('GET', `verify-contact/${token}`)).status).toBe(200);
    }
    // A practice, then an alert without a position, its first position, a reminder, and its end.
    expect((await press(t, me, { alert_status: '3', ...MEXICO })).status).toBe(200);
    expect(
      (await press(t, me, { alert_status: '1', latitude: '', longitude: '', timezone: MEXICO.timezone })).status,
    ).toBe(200);
    expect((await press(t, me, { alert_status: '1', ...MEXICO })).status).toBe(200);
    // Sent before the end, so the 'ended' e-mail says when each went.
    await t.drainOutbox();
    t.clock.advance(5 * MINUTE);
    expect(await createReminderWorker({ db: t.db, clock: t.clock, config: t.config, log: t.log }).runDue()).toBe(4);
    const ended = await t.call('PATCH', 'active-button', {
      token: me.access_token,
      body: { alert_status: '2' },
      headers: { 'idempotency-key': randomUUID() },
    });
    expect(ended.status).toBe(200);
    for (const language of LANGUAGES) mails[language] = await mailsTo(t, address[language]);
  });
  afterAll(() => t.close());

  it('sends each contact every kind of e-mail, with the subject of its own language', () => {
    const subjects = (texts: ContactTexts) => [
      texts.invitationSubject('Rosa Prueba'),
      texts.practiceSubject('Rosa Prueba'),
      texts.startedSubject('Rosa Prueba'),
      texts.positionSubject('Rosa Prueba'),
      texts.reminderSubject('Rosa Prueba'),
      texts.endedSubject('Rosa Prueba'),
    ];
    for (const language of LANGUAGES)
      expect({ language, subjects: mails[language].map((mail) => mail.subject) }).toEqual({
        language,
        subjects: subjects(contactTexts(language)),
      });
    expect(KINDS).toHaveLength(subjects(es).length);
  });

  it("puts no text of another language in any e-mail, and says the reader's language in Content-Language and the HTML", () => {
    // The check has something to find: each catalogue has pieces of its own.
    for (const language of LANGUAGES) expect(foreignPieces(language).length).toBeGreaterThan(150);
    expect(onlySpanish.length).toBeGreaterThan(50);
    expect(onlyEnglish.length).toBeGreaterThan(50);
    for (const language of LANGUAGES) {
      const tag = HTML_LANG[language];
      for (const [i, kind] of KINDS.entries()) {
        const mail = mails[language][i]!;
        expect({ language, kind, found: otherLanguageIn(mail, language) }).toEqual({ language, kind, found: [] });
        expect({
          language,
          kind,
          header: mail.headers.get('content-language'),
          html: mail.html && mail.html.includes(`<html lang="${tag}">`),
        }).toEqual({
          language,
          kind,
          header: tag,
          html: true,
        });
      }
    }
  });

  it('writes English for the reader: greeting, dates in US form, the way out and what to do', () => {
    const [, , started, , , endedMail] = mails.en;
    const text = started?.text ?? '';
    expect(text).toContain('Hi John,');
    expect(text).toMatch(/When: \w+day, \w+ \d{1,2}, \d{4} at \d{1,2}:\d{2}\s?[AP]M \(Mexico City time\)/);
    expect(text).toContain('What to do now:');
    expect(text).toContain('1. Call Rosa Prueba right away at +13055550123.');
    expect(readableMail(endedMail!)).toContain('Nobody confirmed getting the alert.');
    expect(readableMail(endedMail!)).toMatch(
      /Sent to (Luis|John|João|Jean) \([1-9]\d?:\d{2}\s?[AP]M\), not confirmed yet/,
    );
  });

  it('writes Portuguese and Creole dates in their own words and a 24-hour clock', () => {
    expect(mails.pt[2]?.text).toMatch(
      /Quando: \S+-feira, \d{1,2} de \S+ de \d{4} \S+ \d\d:\d\d \(horário de Cidade do México\)|Quando: (sábado|domingo), \d{1,2} de \S+ de \d{4} \S+ \d\d:\d\d \(horário de Cidade do México\)/,
    );
    expect(mails.ht[2]?.text).toMatch(
      /Ki lè: (dimanch|lendi|madi|mèkredi|jedi|vandredi|samdi) \d{1,2} (janvye|fevriye|mas|avril|me|jen|jiyè|out|septanm|oktòb|novanm|desanm) \d{4}, \d\d:\d\d \(lè Mexico City\)/,
    );
    expect(mails.ht[2]?.text).toContain('Bonjou Jean,');
  });

  it('gives every contact links that open the pages in their language, and the Spanish one links without it', () => {
    const links = (mail: ParsedMail | undefined) =>
      (mail?.text ?? '').match(/https:\/\/sos\.example\.org\/web\/active\/\S+/g) ?? [];
    for (const language of ['en', 'pt', 'ht'] as const) {
      for (const mail of mails[language]) {
        expect(links(mail).length).toBeGreaterThan(0);
        for (const link of links(mail)) expect(link).toMatch(new RegExp(`[?&]lang=${language}$`));
      }
    }
    for (const mail of mails.es) for (const link of links(mail)) expect(link).not.toContain('lang=');
    // The invitation's link opens the terms (verify), the alert's the 'Lo tengo' page, both in the contact's language.
    expect(links(mails.en[0])[0]).toMatch(
      /^https:\/\/sos\.example\.org\/web\/active\/verify\/[A-Za-z0-9_-]{43}\?lang=en$/,
    );
    expect(links(mails.ht[2])).toContainEqual(expect.stringMatching(/\/web\/active\/ack\/[A-Za-z0-9_-]+\?lang=ht$/));
  });
});
