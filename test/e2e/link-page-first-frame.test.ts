import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { APP_NAME } from '#shared/constants.ts';
import { contactTexts } from '#shared/contact-texts/index.ts';
import { SHELL_TEXTS } from '#shared/contact-texts/shell.ts';
import { HTML_LANG, type Language } from '#shared/language.ts';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { controlledByWorker } from '#test/support/service-worker.ts';

// A contact's page opened from an e-mail link that says Portuguese, Haitian Creole or English, read
// as a screen reader or a translator reads it before any of the app's code has run: the HTML the
// server sends, the same page with JavaScript off, and the document the service worker serves
// (online and offline) once it controls the contact's phone. The first frame says the link's
// language and the page's own title, the one the page gives itself once it is drawn.

const running = appAndChromiumPerFile();

const TOKEN = 'A'.repeat(43);

/** What the first frame says: read from the raw HTML, never from the page the app has drawn. */
function firstFrame(html: string) {
  return {
    lang: /<html lang="([^"]*)"/.exec(html)?.[1],
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    status: /data-splash-status>([^<]*)</.exec(html)?.[1],
  };
}

/** `title`: what the first frame says; `drawn`: the title the page gives itself once it knows more. */
const pages = [
  { language: 'pt', path: `/web/active/terms?token=${TOKEN}&lang=pt`, title: contactTexts('pt').termsTitle },
  // The server knows only the address: the page says 'Lo tengo' until the API refuses the made-up token.
  {
    language: 'ht',
    path: `/web/active/ack/${TOKEN}?lang=ht`,
    title: contactTexts('ht').ackTitle,
    drawn: contactTexts('ht').invalidTitle,
  },
  { language: 'en', path: '/web/active/invalid?lang=en', title: contactTexts('en').invalidTitle },
  // A link no route knows: the app's 404 page, in the link's language.
  { language: 'pt', path: '/web/active/nada?lang=pt', title: SHELL_TEXTS.pt.notFoundTitle },
] as const satisfies ReadonlyArray<{ language: Language; path: string; title: string; drawn?: string }>;

const expected = (language: Language, title: string) => ({
  lang: HTML_LANG[language],
  title: `${title} · ${APP_NAME}`,
  status: SHELL_TEXTS[language].loading,
});

/** The page's lang and title once the app has drawn it (the splash gone) and titled it `title`, or after 30 s. */
async function drawn(page: Page, title: string) {
  await page.locator('#splash').waitFor({ state: 'detached', timeout: 60_000 });
  await page.waitForFunction((wanted) => document.title === wanted, title, { timeout: 30_000 }).catch(() => {});
  return { lang: await page.evaluate(() => document.documentElement.lang), title: await page.title() };
}

async function html(response: Response | null): Promise<string> {
  if (!response) throw new Error('The navigation got no response');
  return response.text();
}

describe("a contact's page before the app's code runs", () => {
  for (const page of pages) {
    const { language, path, title } = page;
    const drawnTitle = 'drawn' in page ? page.drawn : title;
    it(`the server sends ${path} in ${language}, as the app then draws it`, async () => {
      const context = await running.browser.newContext({ serviceWorkers: 'block' });
      const tab = await context.newPage();
      const response = await tab.goto(`${running.app.url}${path}`);
      expect({ fromWorker: response?.fromServiceWorker(), ...firstFrame(await html(response)) }).toEqual({
        fromWorker: false,
        ...expected(language, title),
      });
      // The page's own lang and title, once drawn, are the ones its first frame said (or what it learnt since).
      const { status: _status, ...said } = expected(language, drawnTitle);
      expect(await drawn(tab, said.title)).toEqual(said);
      await context.close();
    });
  }

  it('reads to a screen reader in the link’s language with JavaScript off', async () => {
    const context = await running.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${running.app.url}/web/active/ack/${TOKEN}?lang=ht`);
    const splash = page.getByRole('status');
    await splash.waitFor();
    expect({
      lang: await page.locator('html').getAttribute('lang'),
      title: await page.title(),
      status: await splash.ariaSnapshot(),
    }).toEqual({
      lang: 'ht',
      title: `${contactTexts('ht').ackTitle} · ${APP_NAME}`,
      status: `- status:\n  - paragraph: ${APP_NAME}\n  - text: ${SHELL_TEXTS.ht.loading}`,
    });
    await context.close();
  });

  it('is served by the service worker in each link’s language, online and offline', async () => {
    const context = await running.browser.newContext();
    const page = await context.newPage();
    await page.goto(`${running.app.url}/web/active/invalid?lang=pt`);
    await controlledByWorker(page);

    const opened = async (path: string) => {
      const response = await page.goto(`${running.app.url}${path}`);
      return { fromWorker: response?.fromServiceWorker(), ...firstFrame(await html(response)) };
    };
    expect(await opened(`/web/active/ack/${TOKEN}?lang=ht`)).toEqual({
      fromWorker: true,
      ...expected('ht', contactTexts('ht').ackTitle),
    });
    // The worker's one cached shell is never kept in the language it last said.
    expect(await opened(`/web/active/ack/${TOKEN}`)).toEqual({
      fromWorker: true,
      ...expected('es', contactTexts('es').ackTitle),
    });
    await context.setOffline(true);
    expect(await opened(`/web/active/terms?token=${TOKEN}&lang=en`)).toEqual({
      fromWorker: true,
      ...expected('en', contactTexts('en').termsTitle),
    });
    await context.close();
  });
});
