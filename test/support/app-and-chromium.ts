import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startApp, type RunningApp } from './app-server.ts';
import { launchChromium } from './chromium.ts';

export type AppAndChromium = { readonly app: RunningApp; readonly browser: Browser };

type Env = Record<string, string>;

/**
 * The real app (its own database, mail folder and port, with `env` added) and a
 * real Chromium for one test file: started together before its tests, stopped after.
 * `env` may be a function, run first in beforeAll (to prepare, say, a copy of build/).
 */
export function appAndChromiumPerFile(env: Env | (() => Promise<Env>) = {}): AppAndChromium {
  let app: RunningApp | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    const appEnv = typeof env === 'function' ? await env() : env;
    [app, { browser }] = await Promise.all([startApp(appEnv), launchChromium()]);
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
