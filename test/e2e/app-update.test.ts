import { appendFile, cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { phonePage } from '#test/support/browser-flows.ts';
import { readMailbox, waitForMail } from '#test/support/mailbox.ts';
import { enterToHome, seedPerson } from '#test/support/seeded-person.ts';
import { controlledByWorker } from '#test/support/service-worker.ts';
import { appStarted } from '#test/support/app-started.ts';

// The installed app across a release, in a real Chromium against the real server:
// the server reads a copy of build/ (BUILD_DIR), and the test publishes a new
// version by changing sw.js in that copy, as a deploy would.

const root = path.resolve(import.meta.dirname, '../..');
let buildCopy: string;
const running = appAndChromiumPerFile(async () => {
  buildCopy = await mkdtemp(path.join(tmpdir(), 'sos-build-'));
  await cp(path.join(root, 'build'), buildCopy, { recursive: true });
  return { BUILD_DIR: buildCopy };
});

afterAll(async () => {
  if (buildCopy) await rm(buildCopy, { recursive: true, force: true });
});

const SOS_STILL_WORKS = 'Sin conexión. El botón SOS sigue funcionando: tu alerta se enviará en cuanto haya señal.';
const NEEDS_SIGNAL = 'Sin conexión. Necesitas señal para continuar.';
const connectionBanner = (page: Page) => page.getByRole('status', { name: 'Estado de la conexión' });
const updateNotice = (page: Page) => page.getByRole('status', { name: 'Nueva versión disponible' });
const sosButton = (page: Page) => page.getByRole('button', { name: 'SOS: avisar a mis contactos' });

/**
 * Publishes a new version: sw.js changes by a byte, so the browser installs it.
 * The new worker also answers 'e2e-revision', which tells the test who controls the page.
 */
async function publishNewWorker(): Promise<void> {
  await appendFile(
    path.join(buildCopy, 'sw.js'),
    `\n;self.addEventListener('message', (event) => { if (event.data && event.data.type === 'e2e-revision') event.source.postMessage({ type: 'e2e-revision', revision: 2 }); });\n`,
  );
}

function controllerRevision(page: Page): Promise<unknown> {
  return page.evaluate(
    () =>
      new Promise((resolve) => {
        navigator.serviceWorker.addEventListener('message', (event) => {
          if (event.data?.type === 'e2e-revision') resolve(event.data.revision);
        });
        navigator.serviceWorker.controller?.postMessage({ type: 'e2e-revision' });
      }),
  );
}

/** Set on the page's window: gone after any reload. */
const markDocument = (page: Page) => page.evaluate(() => void Object.assign(window, { e2eSameDocument: true }));
const isSameDocument = (page: Page) => page.evaluate(() => 'e2eSameDocument' in window);

async function alertMailsTo(email: string) {
  return (await readMailbox(running.app.dataDir)).filter(
    (mail) => mail.to.includes(email) && /está en riesgo$/.test(mail.subject),
  );
}

describe('the offline banner', () => {
  it('shows on every screen while the browser is offline and goes away when the network returns', async () => {
    const { context, page } = await phonePage(running.browser);
    await page.goto(`${running.app.url}/web`);
    await page.waitForURL('**/web/auth/signin');
    // The first install claims the page without reloading it.
    await markDocument(page);
    await controlledByWorker(page);
    expect(await isSameDocument(page)).toBe(true);
    expect(await connectionBanner(page).count()).toBe(0);

    await context.setOffline(true);
    await expect.poll(() => connectionBanner(page).textContent()).toBe(NEEDS_SIGNAL);
    // A screen opened with no network (from the worker's shell) has it from the start.
    await page.goto(`${running.app.url}/unauthorized`);
    await page.getByText('Acceso Denegado').waitFor();
    await expect.poll(() => connectionBanner(page).textContent()).toBe(NEEDS_SIGNAL);
    const fontSize = await connectionBanner(page)
      .locator('p')
      .evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
    expect(fontSize).toBeGreaterThanOrEqual(16);

    await context.setOffline(false);
    await connectionBanner(page).waitFor({ state: 'detached' });
    await context.close();
  });
});

describe('a new version', () => {
  it('is offered without reloading by itself, takes over on Actualizar with one reload, and an SOS queued before it is still delivered once', async () => {
    const { context, page } = await phonePage(running.browser);
    const email = 'update@example.org';
    const contactEmail = 'update-contacto@example.org';
    // Made through the API and entered with the e-mailed code: sign-up has tests of its own.
    await seedPerson(running.app, {
      email,
      firstname: 'Rosa',
      lastname: 'Update',
      phone: '+12025550143',
      contact: { firstname: 'Jorge', lastname: 'Paz', email: contactEmail, phone: '+13055550100', kinship: 'Hermano' },
    });
    await enterToHome(page, running.app, email);
    await controlledByWorker(page);

    // The release: opening the app again makes the browser look for a new sw.js.
    await publishNewWorker();
    await page.reload();
    await sosButton(page).waitFor();
    await markDocument(page);
    let loads = 0;
    page.on('load', () => loads++);
    await updateNotice(page).waitFor();
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration('/'))?.waiting?.state)).toBe(
      'installed',
    );
    expect(await isSameDocument(page)).toBe(true);

    // With no network, an alert and its end wait in the old worker's queue.
    await context.setOffline(true);
    await expect.poll(() => connectionBanner(page).textContent()).toBe(SOS_STILL_WORKS);
    await sosButton(page).click();
    await page.waitForURL('**/web/active');
    await page.getByText(/se enviará automáticamente/).waitFor();
    // The alert screen is left alone while the alert is active.
    expect(await updateNotice(page).count()).toBe(0);
    await page.getByRole('button', { name: 'FINALIZAR ALERTA' }).click();
    await page.waitForURL('**/web/home');
    expect(await isSameDocument(page)).toBe(true);
    expect(await alertMailsTo(contactEmail)).toHaveLength(0);

    // Still offline, the person accepts the new version: one reload, served by the new worker.
    await updateNotice(page).getByRole('button', { name: 'Actualizar' }).click();
    await page.waitForFunction(() => !('e2eSameDocument' in window));
    await appStarted(page);
    await sosButton(page).waitFor();
    expect(await controllerRevision(page)).toBe(2);
    await expect.poll(() => connectionBanner(page).textContent()).toBe(SOS_STILL_WORKS);
    expect(await updateNotice(page).count()).toBe(0);

    // Back online, the new worker delivers what the old one queued: the alert, then its end, once each.
    await context.setOffline(false);
    const ended = await waitForMail(running.app.dataDir, {
      to: contactEmail,
      subject: /Rosa Update finalizó su alerta SOS/,
    });
    const started = await alertMailsTo(contactEmail);
    expect(started).toHaveLength(1);
    expect(started[0]!.file < ended.file).toBe(true);
    await connectionBanner(page).waitFor({ state: 'detached' });
    expect(loads).toBe(1);
    await context.close();
  });
});
