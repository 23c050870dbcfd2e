import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startApp, type RunningApp } from '#test/support/app-server.ts';
import { launchChromium } from '#test/support/chromium.ts';

let app: RunningApp;
let browser: Browser;

beforeAll(async () => {
  [app, { browser }] = await Promise.all([startApp(), launchChromium()]);
});

afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

it('is controlled by the service worker from the first visit and reopens with no network', async () => {
  const context = await browser.newContext({ locale: 'es-US' });
  const page = await context.newPage();
  await page.goto(`${app.url}/web`);
  await page.waitForURL('**/web/auth/signin');

  // The first install claims the page at once (no reload needed).
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const scriptURL = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  expect(scriptURL).toBe(`${app.url}/build/sw.js`);

  await context.setOffline(true);
  await page.goto(`${app.url}/web/auth/signin`);
  await page.getByLabel(/correo/i).waitFor();
  await page.goto(`${app.url}/unauthorized`);
  await page.getByText('Acceso Denegado').waitFor();
  await context.close();
});
