import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { APP_NAME } from '#shared/constants.ts';
import { contactTexts, type ContactTexts } from '#shared/contact-texts/index.ts';
import { HTML_LANG, LANGUAGE_NAMES, LANGUAGES, type Language } from '#shared/language.ts';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { fillContactForm, phonePage } from '#test/support/browser-flows.ts';
import { otherLanguageIn, otherLanguageInText } from '#test/support/catalogue-fragments.ts';
import { waitForMail, type ReceivedMail } from '#test/support/mailbox.ts';
import { personWithConfirmedContact, sosButton } from '#test/support/sos-flows.ts';

// Four contacts, one per language, in one real Chromium against the real server: each
// one's invitation, SOS e-mail (its HTML part as the browser shows it, too) and 'Lo tengo'
// page carry that language's texts and tag, and not one text of any other catalogue. The
// Spanish contact then switches the 'Lo tengo' page to Creole, and the alert's end and the
// next alert reach them in Creole.

const started = appAndChromiumPerFile();
const WHO = 'Elena cuatro';
const NAMES: Record<Language, string> = { es: 'Luis', en: 'John', pt: 'João', ht: 'Jean' };
const addressOf = (language: Language) => `cuatro-${language}@example.org`;
const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);

const linkIn = (mail: ReceivedMail, pattern: RegExp) => {
  const link = pattern.exec(mail.text)?.[1];
  expect(link).toBeDefined();
  return link!;
};

/**
 * The mail in the reader's language only, greeting them, and saying so: Content-Language, and the
 * HTML part's root and text as a browser shows them (`reader`: a page of its own, as a webmail's frame).
 */
async function expectMailIn(reader: Page, mail: ReceivedMail, language: Language, greeting: string) {
  await reader.setContent(mail.html);
  const shown = await reader.locator('body').innerText();
  expect({
    language,
    found: otherLanguageIn(mail, language),
    header: mail.language,
    html: await reader.locator('html').getAttribute('lang'),
    greets: { text: mail.text.includes(greeting), shown: shown.includes(greeting) },
    shown: otherLanguageInText(shown, language),
  }).toEqual({
    language,
    found: [],
    header: HTML_LANG[language],
    html: HTML_LANG[language],
    greets: { text: true, shown: true },
    shown: [],
  });
}

/** The page in the reader's language only, and saying so to the browser (and in the tab's title, when given). */
async function expectPageIn(page: Page, language: Language, title?: string) {
  await page.locator('#splash').waitFor({ state: 'detached' });
  const text = await page.locator('body').innerText();
  const lang = await page.evaluate(() => document.documentElement.lang);
  expect({
    language,
    lang,
    found: otherLanguageInText(text, language),
    title: title && (await page.title()),
  }).toEqual({
    language,
    lang: HTML_LANG[language],
    found: [],
    title: title && `${title} · ${APP_NAME}`,
  });
}

/** 'Listo: Elena ya sabe que recibiste su alerta (10:42).', the clock as the language writes it. */
const answered = (language: Language, t: ContactTexts) =>
  new RegExp(
    `^${t
      .ackDone(WHO, '\u0000')
      .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      .replace('\u0000', language === 'en' ? '\\d{1,2}:\\d\\d\\s[AP]M' : '\\d\\d:\\d\\d')}$`,
  );

describe('a contact in each language', () => {
  it("gets the invitation, the SOS e-mail and the 'Lo tengo' page in that language alone, and keeps a switch made on a page", async () => {
    const { app, browser } = started;
    const { context, page } = await personWithConfirmedContact(app, browser, 'cuatro');
    const contact = (await phonePage(browser)).page;
    const reader = (await phonePage(browser)).page;

    for (const language of LANGUAGES) {
      const t = contactTexts(language);
      // The person picks the language by its own name in the contact form.
      await page.goto(`${app.url}/web/contact`);
      await page
        .getByRole('group', { name: 'Idioma de los correos' })
        .getByRole('radio', { name: LANGUAGE_NAMES[language] })
        .check();
      await fillContactForm(page, {
        firstname: NAMES[language],
        lastname: 'Prueba',
        email: addressOf(language),
        phone: '3055550102',
        kinship: 'Amigo',
      });
      await page.waitForURL('**/web/home');

      const invitation = await waitForMail(app.dataDir, {
        to: addressOf(language),
        subject: exactly(t.invitationSubject(WHO)),
      });
      await expectMailIn(reader, invitation, language, t.greeting(NAMES[language]));

      await contact.goto(linkIn(invitation, /(https?:\/\/\S+\/web\/active\/verify\/\S+)/));
      const terms = contact.getByRole('dialog', { name: t.termsTitle });
      await terms.getByRole('button', { name: t.termsAccept }).waitFor();
      await expectPageIn(contact, language, t.confirmTitle);
      await terms.getByRole('button', { name: t.termsAccept }).click();
      await contact.getByRole('heading', { name: t.acceptHeading }).waitFor();
      // Reached by the app's own navigation: the tab's title must follow the page, not the route's Spanish.
      await expectPageIn(contact, language, t.acceptTitle);
    }

    // One press: every contact's e-mail in their own language.
    await page.goto(`${app.url}/web/home`);
    await sosButton(page).click();
    await page.waitForURL('**/web/active');
    for (const language of LANGUAGES) {
      const t = contactTexts(language);
      const alert = await waitForMail(app.dataDir, {
        to: addressOf(language),
        subject: exactly(t.startedSubject(WHO)),
      });
      await expectMailIn(reader, alert, language, t.greeting(NAMES[language]));

      await contact.goto(linkIn(alert, /(https?:\/\/\S+\/web\/active\/ack\/\S+)/));
      await contact.getByRole('heading', { name: t.ackHeading(WHO) }).waitFor();
      await contact.getByRole('button', { name: t.ackButton }).waitFor();
      await expectPageIn(contact, language, t.ackTitle);
      // The answer page too (the Spanish contact answers below, after switching to Creole).
      if (language === 'es') continue;
      await contact.getByRole('button', { name: t.ackButton }).click();
      await contact.getByText(answered(language, t)).waitFor();
      await expectPageIn(contact, language, t.ackTitle);
    }

    // The Spanish contact switches the 'Lo tengo' page to Creole, and answers in Creole.
    const ht = contactTexts('ht');
    const spanishAlert = await waitForMail(app.dataDir, {
      to: addressOf('es'),
      subject: exactly(contactTexts('es').startedSubject(WHO)),
    });
    await contact.goto(linkIn(spanishAlert, /(https?:\/\/\S+\/web\/active\/ack\/\S+)/));
    const kept = contact.waitForResponse((reply) => reply.url().endsWith('/api/contact-language') && reply.ok());
    await contact
      .getByRole('navigation', { name: contactTexts('es').switchLabel })
      .getByRole('button', { name: LANGUAGE_NAMES.ht })
      .click();
    await kept;
    await contact.getByRole('heading', { name: ht.ackHeading(WHO) }).waitFor();
    await expectPageIn(contact, 'ht');
    await contact.getByRole('button', { name: ht.ackButton }).click();
    await contact.getByText(answered('ht', ht)).waitFor();

    // Kept for that contact: the alert's end reaches them in Creole.
    await page.getByRole('button', { name: 'FINALIZAR ALERTA' }).click();
    const ended = await waitForMail(app.dataDir, { to: addressOf('es'), subject: exactly(ht.endedSubject(WHO)) });
    await expectMailIn(reader, ended, 'ht', ht.greeting(NAMES.es));
    // And the next alert.
    await page.waitForURL('**/web/home');
    await sosButton(page).click();
    await page.waitForURL('**/web/active');
    const next = await waitForMail(app.dataDir, { to: addressOf('es'), subject: exactly(ht.startedSubject(WHO)) });
    await expectMailIn(reader, next, 'ht', ht.greeting(NAMES.es));
    await context.close();
  });
});
