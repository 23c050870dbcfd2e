import type { Browser, BrowserContext } from 'playwright-core';
import type { RunningApp } from '#test/support/app-server.ts';
import { fillContactForm, goHomeAfterFirstContact, phonePage, signUpInBrowser } from '#test/support/browser-flows.ts';

let serial = 0;

/** Signs a new person up in `context` (a fresh profile) with one contact, and leaves them on home. */
export async function signUpWithContact(
  app: RunningApp,
  context: BrowserContext,
  options: { waitForWorker?: boolean } = {},
): Promise<void> {
  const page = await context.newPage();
  serial += 1;
  const tag = `bench${Date.now().toString(36)}${serial}`;
  await signUpInBrowser(page, app, { email: `${tag}@example.org`, firstname: 'Banco', lastname: 'Pruebas' });
  await fillContactForm(page, {
    firstname: 'Ana',
    lastname: 'Ruiz',
    email: `${tag}-c@example.org`,
    phone: '3055550100',
    kinship: 'Hermana',
  });
  await goHomeAfterFirstContact(page);
  if (options.waitForWorker ?? true) await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await page.close();
}

/** A new person with one contact, on home, in a fresh context (the worker installed unless `serviceWorkers` is 'block'). */
export async function signedInPerson(
  app: RunningApp,
  browser: Browser,
  options: { serviceWorkers?: 'allow' | 'block'; geolocation?: boolean } = {},
): Promise<BrowserContext> {
  const { context, page } = await phonePage(browser, { serviceWorkers: options.serviceWorkers });
  await page.close();
  if (options.geolocation) {
    await context.grantPermissions(['geolocation'], { origin: app.url });
    await context.setGeolocation({ latitude: 25.7617, longitude: -80.1918 });
  }
  await signUpWithContact(app, context, { waitForWorker: options.serviceWorkers !== 'block' });
  return context;
}
