import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contactTexts } from '#shared/contact-texts/index.ts';
import { HTML_LANG, LANGUAGES, type Language } from '#shared/language.ts';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { waitForMail } from '#test/support/mailbox.ts';
import { personWithConfirmedContact, sosButton } from '#test/support/sos-flows.ts';

// Every page a contact's link opens (the invitation already accepted, the welcome, an
// invalid link, the unsubscribe page, 'Lo tengo') links to the terms the contact accepted,
// in the contact's language, and that page opens in it. At 360x740 the language choice is
// one small row, so each page's message and next step are on the first screen.

const started = appAndChromiumPerFile();
const PHONE = { width: 360, height: 740 };

/** The first section of the contact's terms in each language: proof the page shows that text. */
const FIRST_SECTION: Record<Language, string> = {
  es: '1. Para qué sirve este servicio',
  en: '1. What this service is for',
  pt: '1. Para que serve este serviço',
  ht: '1. Pou kisa sèvis sa a ye',
};

const withLanguage = (url: string, language: Language) =>
  language === 'es' ? url : `${url}${url.includes('?') ? '&' : '?'}lang=${language}`;

/** The links a contact got: the invitation's (accept again, unsubscribe) and the alert's 'Lo tengo'. */
async function contactLinks(tag: string) {
  const { app, browser } = started;
  const { context, page, contactEmail } = await personWithConfirmedContact(app, browser, tag);
  const invitation = await waitForMail(app.dataDir, { to: contactEmail, subject: /te agregó como contacto/ });
  await sosButton(page).click();
  await page.waitForURL('**/web/active');
  const alert = await waitForMail(app.dataDir, { to: contactEmail, subject: /ALERTA SOS/ });
  const link = (text: string, pattern: RegExp) => {
    const found = pattern.exec(text)?.[1];
    expect(found).toBeDefined();
    return found!;
  };
  return {
    context,
    links: {
      confirm: link(invitation.text, /(https?:\/\/\S+\/web\/active\/verify\/[A-Za-z0-9_-]+)/),
      unsubscribe: link(invitation.text, /(https?:\/\/\S+\/web\/active\/unsubscribe\?token=[A-Za-z0-9_-]+)/),
      ack: link(alert.text, /(https?:\/\/\S+\/web\/active\/ack\/[A-Za-z0-9_-]+)/),
      accept: `${app.url}/web/active/accept`,
      invalid: `${app.url}/web/active/invalid`,
    },
  };
}

/** What shows that each page is drawn, in the reader's language. */
function pageReady(page: Page, name: string, language: Language, tag: string): Locator {
  const t = contactTexts(language);
  const heading: Record<string, string> = {
    confirm: t.alreadyAcceptedHeading,
    unsubscribe: t.unsubscribeHeading,
    ack: t.ackHeading(`Elena ${tag}`),
    accept: t.acceptHeading,
    invalid: t.invalidTitle,
  };
  return page.getByRole('heading', { level: 1, name: heading[name] });
}

/** Whether the whole of an element is on the first screen, the page unscrolled. */
async function onFirstScreen(locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  return !!box && box.y >= 0 && box.y + box.height <= PHONE.height;
}

describe("the terms from a contact's pages", () => {
  it('are linked from every page a contact opens, in each language, and open in that language', async () => {
    const { browser } = started;
    const { context: person, links } = await contactLinks('terminos');
    const theirs = await browser.newContext({ locale: 'es-US', viewport: PHONE });
    const page = await theirs.newPage();

    const seen: Record<string, unknown> = {};
    for (const language of LANGUAGES) {
      const t = contactTexts(language);
      for (const [name, url] of Object.entries(links)) {
        await page.goto(withLanguage(url, language));
        await pageReady(page, name, language, 'terminos').waitFor();
        await page.getByRole('link', { name: t.termsTitle }).click();
        await page.waitForURL('**/web/active/terms**');
        await page.getByRole('heading', { level: 1, name: t.termsTitle }).waitFor();
        seen[`${name} ${language}`] = {
          lang: await page.evaluate(() => document.documentElement.lang),
          terms: await page.getByRole('heading', { name: FIRST_SECTION[language] }).count(),
          search: new URL(page.url()).searchParams.get('lang'),
        };
      }
    }
    const expected = Object.fromEntries(
      LANGUAGES.flatMap((language) =>
        Object.keys(links).map((name) => [
          `${name} ${language}`,
          { lang: HTML_LANG[language], terms: 1, search: language === 'es' ? null : language },
        ]),
      ),
    );
    expect(seen).toEqual(expected);

    // A Spanish contact reads terms written for a contact, not the person's own.
    await page.goto(links.accept);
    await page.getByRole('link', { name: 'Términos y condiciones' }).click();
    await page.getByText('Puedes darte de baja cuando quieras con el enlace que va en cada correo.').waitFor();
    await theirs.close();
    await person.close();
  });

  it("keeps the language choice to two rows at most, so 'Lo tengo' and 'Darme de baja' are on the first screen (360x740)", async () => {
    const { browser } = started;
    const { context: person, links } = await contactLinks('fila');
    const theirs = await browser.newContext({ locale: 'es-US', viewport: PHONE });
    const page = await theirs.newPage();

    const found: Record<string, unknown> = {};
    for (const language of LANGUAGES) {
      const t = contactTexts(language);
      const nextStep: Record<string, Locator> = {
        ack: page.getByRole('button', { name: t.ackButton }),
        unsubscribe: page.getByRole('button', { name: t.unsubscribeButton }),
      };
      for (const [name, step] of Object.entries(nextStep)) {
        await page.goto(withLanguage(links[name as keyof typeof links], language));
        await pageReady(page, name, language, 'fila').waitFor();
        await page.locator('#splash').waitFor({ state: 'detached' });
        const row = page.getByRole('navigation', { name: t.switchLabel });
        const buttonTops = await row
          .getByRole('button')
          .evaluateAll((buttons) => [
            ...new Set(buttons.map((button) => Math.round(button.getBoundingClientRect().top))),
          ]);
        found[`${name} ${language}`] = {
          // Its 16 px words, each a 48 px target, take two rows in some languages on a 360 px phone.
          atMostTwoRows: buttonTops.length <= 2,
          nextStepOnFirstScreen: await onFirstScreen(step),
        };
      }
    }
    expect(found).toEqual(
      Object.fromEntries(
        LANGUAGES.flatMap((language) =>
          ['ack', 'unsubscribe'].map((name) => [
            `${name} ${language}`,
            { atMostTwoRows: true, nextStepOnFirstScreen: true },
          ]),
        ),
      ),
    );
    await theirs.close();
    await person.close();
  });
});
