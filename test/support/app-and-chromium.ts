import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { startApp, type RunningApp } from './app-server.ts';
import { launchChromium } from './chromium.ts';

export type AppAndChromium = { readonly app: RunningApp; readonly browser: Browser };

type Env = Record<string, string>;
/** What the app starts with: an environment, or a function of the app's port that gives one. */
type AppEnv = Env | ((port: number) => Env);

/**
 * The real app (its own database, mail folder and port, with `env` added) and a
 * real Chromium for one test file: started together before its tests, stopped after.
 * `env` may be a function, run first in beforeAll (to prepare, say, a copy of build/, or a service
 * the app talks to); what it gives may in turn be a function of the app's port.
 */
export function appAndChromiumPerFile(env: Env | (() => Promise<AppEnv>) = {}): AppAndChromium {
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
