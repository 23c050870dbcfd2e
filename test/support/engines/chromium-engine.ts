import type { ElementHandle, Page } from 'playwright-core';
import { launchChromium } from '../chromium.ts';
import { WINDOW, type Engine, type EngineLauncher, type EngineWindow } from './engine.ts';

/**
 * Acts on the element the selector matches now. Playwright's own `page.click(selector)` would wait
 * (its 30 s) for the selector to match again once the element is replaced, and page-queries.ts marks
 * the element it found: a replacement never carries the mark. A handle fails at once instead
 * ('Element is not attached to the DOM'), as the other engines' drivers do, and page-queries.ts
 * finds the replacement.
 */
async function onMatch(page: Page, selector: string, act: (element: ElementHandle) => Promise<void>): Promise<void> {
  const element = await page.$(selector);
  if (!element) throw new Error(`No element matches ${selector}`);
  try {
    await act(element);
  } finally {
    await element.dispose().catch(() => undefined);
  }
}

function chromiumWindow(page: Page): EngineWindow {
  return {
    goto: async (url) => void (await page.goto(url)),
    url: async () => page.url(),
    run: (body) => page.evaluate(`(async () => { ${body} })()`),
    click: (selector) => onMatch(page, selector, (element) => element.click()),
    type: (selector, text) =>
      onMatch(page, selector, async (element) => {
        await element.focus();
        await page.keyboard.type(text);
      }),
    keys: (text) => page.keyboard.type(text),
    screenshot: async (file) => void (await page.screenshot({ path: file })),
    close: () => page.close(),
  };
}

/** Chromium through playwright-core, as every other browser test here drives it. */
export const chromiumLauncher: EngineLauncher = {
  name: 'Chromium',
  missing: () => null,
  needsErrorTrap: false,
  async launch(): Promise<Engine> {
    const { browser, kind } = await launchChromium();
    const errors: string[] = [];
    return {
      name: `Chromium (${kind})`,
      onlineEvents: true,
      async newProfile() {
        const context = await browser.newContext({ locale: 'es-US', viewport: WINDOW });
        context.on('console', (message) => {
          if (message.type() !== 'error') return;
          const { url } = message.location();
          // Chromium logs every API call that failed or got a 4xx; the app's code handles those replies
          // (an unknown e-mail's 404, a request with no network). A missing file of the app still counts.
          if (message.text().startsWith('Failed to load resource') && new URL(url).pathname.startsWith('/api/')) return;
          errors.push(`console.error: ${message.text()} (${url})`);
        });
        context.on('weberror', (error) => errors.push(`uncaught: ${error.error().message}`));
        return {
          openWindow: async () => chromiumWindow(await context.newPage()),
          emulateOffline: (offline) => context.setOffline(offline),
          close: () => context.close(),
        };
      },
      consoleErrors: async () => [...errors],
      close: () => browser.close(),
    };
  },
};
