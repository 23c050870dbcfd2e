import { existsSync } from 'node:fs';
import puppeteer, { type Page } from 'puppeteer-core';
import { WINDOW, type Engine, type EngineLauncher, type EngineWindow } from './engine.ts';

const FIREFOX = process.env.FIREFOX_PATH || '/usr/bin/firefox-esr';

function firefoxWindow(page: Page, opened: Set<Page>): EngineWindow {
  return {
    goto: async (url) => void (await page.goto(url)),
    url: async () => page.url(),
    // A string is evaluated as an expression over BiDi, and its promise awaited.
    run: <T>(body: string) => page.evaluate(`(async () => { ${body} })()`) as Promise<T>,
    click: (selector) => page.click(selector),
    type: (selector, text) => page.type(selector, text),
    keys: (text) => page.keyboard.type(text),
    screenshot: async (file) => void (await page.screenshot({ path: file as `${string}.png` })),
    close: async () => {
      opened.delete(page);
      await page.close();
    },
  };
}

/** Firefox ESR (Gecko) through puppeteer-core over WebDriver BiDi: no geckodriver needed. */
export const firefoxLauncher: EngineLauncher = {
  name: 'Gecko (Firefox ESR)',
  missing: () => (existsSync(FIREFOX) ? null : `${FIREFOX} is not installed (apt-get install firefox-esr)`),
  needsErrorTrap: false,
  async launch(): Promise<Engine> {
    const browser = await puppeteer.launch({
      browser: 'firefox',
      executablePath: FIREFOX,
      headless: true,
      extraPrefsFirefox: { 'intl.accept_languages': 'es-US, es' },
    });
    const errors: string[] = [];
    return {
      name: `Gecko (Firefox ${(await browser.version()).replace(/^firefox\//, '')})`,
      onlineEvents: true,
      async newProfile() {
        const context = await browser.createBrowserContext();
        const opened = new Set<Page>();
        let offline = false;
        return {
          async openWindow() {
            const page = await context.newPage();
            opened.add(page);
            page.on('console', (message) => {
              if (message.type() === 'error') errors.push(`console.error: ${message.text()}`);
            });
            page.on('pageerror', (error) =>
              errors.push(`uncaught: ${error instanceof Error ? error.message : String(error)}`),
            );
            await page.setViewport(WINDOW);
            if (offline) await page.setOfflineMode(true);
            return firefoxWindow(page, opened);
          },
          // Per page in Firefox: every window open now, and those opened while it lasts.
          async emulateOffline(next) {
            offline = next;
            await Promise.all([...opened].map((page) => page.setOfflineMode(next)));
          },
          close: () => context.close(),
        };
      },
      consoleErrors: async () => [...errors],
      close: () => browser.close(),
    };
  },
};
