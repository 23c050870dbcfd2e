import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHELL_TEXTS } from '#shared/contact-texts/shell.ts';
import { APP_NAME } from '#shared/constants.ts';
import { HTML_LANG } from '#shared/language.ts';
import { startApp, type RunningApp } from '#test/support/app-server.ts';
import { launchChromium } from '#test/support/chromium.ts';

// The app's own frame in a real Chromium, opened from a contact's link that says Portuguese or
// Haitian Creole: the splash under which the page loads, and the page for a link the app does
// not know, speak that language and say it to the browser; no Spanish of the frame stays.

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  [app, { browser }] = await Promise.all([startApp(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

/** Records, before any script of the page, every state the splash is in: the document's lang and its hidden status text. */
const RECORD_SPLASH = () => {
  const seen: string[] = [];
  (window as unknown as { splashStates: string[] }).splashStates = seen;
  const look = () => {
    const splash = document.getElementById('splash');
    if (!splash || splash.classList.contains('splash--hidden')) return;
    // The parser hands over the splash node by node (its status before its text); it is a
    // state of the page only once the parser has gone past it.
    if (document.readyState === 'loading' && !splash.nextSibling) return;
    const state = `${document.documentElement.lang}|${splash.querySelector('.visually-hidden')?.textContent ?? ''}`;
    if (seen.at(-1) !== state) seen.push(state);
  };
  new MutationObserver(look).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    characterData: true,
  });
};

const SPANISH = SHELL_TEXTS.es;

describe("the app's frame opened from a contact's link", () => {
  for (const language of ['pt', 'ht'] as const) {
    const texts = SHELL_TEXTS[language];

    it(`says it is loading in ${language}, under the splash`, async () => {
      const context = await browser.newContext();
      await context.addInitScript(RECORD_SPLASH);
      const page = await context.newPage();
      // A contact's page, drawn by the app under the splash (an old link: the page says it is invalid).
      await page.goto(`${app.url}/web/active/ack/${'A'.repeat(43)}?lang=${language}`);
      await page.locator('#splash').waitFor({ state: 'detached', timeout: 60_000 });
      const states = await page.evaluate(() => (window as unknown as { splashStates: string[] }).splashStates);
      // The server sends the splash in the link's language (link-page-frame.ts); no Spanish state on the way.
      expect(states.at(-1)).toBe(`${HTML_LANG[language]}|${texts.loading}`);
      expect(states.filter((state) => state !== `es|${SPANISH.loading}`)).toEqual([
        `${HTML_LANG[language]}|${texts.loading}`,
      ]);
      await context.close();
    });

    it(`shows a link it does not know in ${language}, with its lang and title`, async () => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${app.url}/web/no-hay-tal-pagina-${language}?lang=${language}`);
      await page.getByRole('heading', { level: 1, name: `404 ${texts.notFoundTitle}` }).waitFor({ timeout: 60_000 });
      await page.locator('#splash').waitFor({ state: 'detached' });
      const main = (await page.locator('main').innerText()).replace(/\s+/g, ' ');
      expect({
        lang: await page.evaluate(() => document.documentElement.lang),
        title: await page.title(),
        body: main.includes(texts.notFoundBody),
        back: await page.getByRole('link', { name: texts.notFoundBack }).count(),
        spanish: [SPANISH.notFoundTitle, SPANISH.notFoundBody, SPANISH.notFoundBack].filter((text) =>
          main.includes(text),
        ),
      }).toEqual({
        lang: HTML_LANG[language],
        title: `${texts.notFoundTitle} · ${APP_NAME}`,
        body: true,
        back: 1,
        spanish: [],
      });
      await context.close();
    });
  }
});
