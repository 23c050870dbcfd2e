import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startApp, type RunningApp } from './app-server.ts';
import { launchChromium } from './chromium.ts';

export type AppAndChromium = { readonly app: RunningApp; readonly browser: Browser };

/**
 * The real app (its own database, mail folder and port, with `env` added) and a
 * real Chromium for one test file: started together before its tests, stopped after.
 */
export function appAndChromiumPerFile(env: Record<string, string> = {}): AppAndChromium {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    [app, { browser }] = await Promise.all([startApp(env), launchChromium()]);
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('The app and Chromium start in beforeAll: use them inside tests');
    return value;
  };
  return {
    get app() {
      return started(app);
    },
    get browser() {
      return started(browser);
    },
  };
}
