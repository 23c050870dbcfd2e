import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contactTexts } from '#shared/contact-texts/index.ts';
import { HTML_LANG, type Language } from '#shared/language.ts';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';

// A contact who reads another language than Spanish and opens a dead link (no token, a
// token nobody knows): every way to the invalid-link page keeps their `?lang`, so that page
// speaks their language, as the page they came from did.

const running = appAndChromiumPerFile();

const DEAD = 'enlace-que-no-existe-0000000000';

/** Each way a contact's page sends them to the invalid-link page, and what does it. */
const WAYS: { name: string; path: string; act?: (page: Page, language: Language) => Promise<void> }[] = [
  { name: 'confirm without a token', path: '/web/active/confirm' },
  { name: 'unsubscribe without a token', path: '/web/active/unsubscribe' },
  {
    name: 'confirm with a dead token, Accept pressed',
    path: `/web/active/confirm?token=${DEAD}`,
    act: (page, language) => page.getByRole('button', { name: contactTexts(language).termsAccept }).click(),
  },
  {
    name: 'verify with a dead token, Accept pressed',
    path: `/web/active/verify/${DEAD}`,
    act: (page, language) => page.getByRole('button', { name: contactTexts(language).termsAccept }).click(),
  },
  {
    name: 'unsubscribe with a dead token, its button pressed',
    path: `/web/active/unsubscribe?token=${DEAD}`,
    act: (page, language) => page.getByRole('button', { name: contactTexts(language).unsubscribeButton }).click(),
  },
  { name: "'Lo tengo' with a dead token", path: `/web/active/ack/${DEAD}` },
];

const withLang = (path: string, language: Language) => `${path}${path.includes('?') ? '&' : '?'}lang=${language}`;

describe('the invalid-link page', () => {
  it.each(['en', 'pt'] as const)('keeps the contact’s language (%s) through every way to it', async (language) => {
    const texts = contactTexts(language);
    const context = await running.browser.newContext({ locale: 'es-US', viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    const seen: Record<string, unknown> = {};
    for (const way of WAYS) {
      await page.goto(`${running.app.url}${withLang(way.path, language)}`);
      await way.act?.(page, language);
      await page.waitForURL((url) => url.pathname === '/web/active/invalid');
      await page.getByRole('heading', { level: 1 }).waitFor();
      seen[way.name] = {
        lang: new URL(page.url()).searchParams.get('lang'),
        htmlLang: await page.evaluate(() => document.documentElement.lang),
        heading: await page.getByRole('heading', { level: 1 }).textContent(),
        text: await page.getByText(texts.invalidText).count(),
      };
    }
    expect(seen).toEqual(
      Object.fromEntries(
        WAYS.map((way) => [
          way.name,
          { lang: language, htmlLang: HTML_LANG[language], heading: texts.invalidTitle, text: 1 },
        ]),
      ),
    );
    await context.close();
  });
});
