import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { enterWithEmailedCode, phonePage } from '#test/support/browser-flows.ts';
import { launchSparticuzChromium, type TestBrowser } from '#test/support/chromium.ts';
import { waitForMail } from '#test/support/mailbox.ts';
import {
  alertMailsTo,
  allowBackgroundSync,
  endAlertAndWaitForMail,
  expectBothInOrderOrNeither,
  personWithConfirmedContact,
  sosButton,
} from '#test/support/sos-flows.ts';
import { resizeTo } from '#test/support/viewport.ts';

// DESIGN.md section 3 in a real Chromium against the real server: an SOS pressed
// once reaches every confirmed contact exactly once, online or offline.

const running = appAndChromiumPerFile();
/** A browser where Background Sync never fires (Safari's case): replay must come from the app itself. */
let withoutSync: TestBrowser;

beforeAll(async () => {
  withoutSync = await launchSparticuzChromium();
});

afterAll(async () => {
  await withoutSync?.browser.close();
});

/**
 * The Chromium without Background Sync runs as one process (its build's own settings): once a
 * test closed its context, it opens no page again. Each test that needs it gets a fresh one.
 */
async function browserWithoutSync() {
  await withoutSync.browser.close();
  withoutSync = await launchSparticuzChromium();
  return withoutSync.browser;
}

/** The bodies waiting in the worker's queue, as bytes read from the disk would show them. */
function queuedBodies(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const open = indexedDB.open('workbox-background-sync');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const read = open.result.transaction('requests').objectStore('requests').getAll();
          read.onerror = () => reject(read.error);
          read.onsuccess = () => {
            open.result.close();
            const rows = read.result as Array<{ requestData: { body: ArrayBuffer } }>;
            resolve(rows.map((row) => new TextDecoder('latin1').decode(row.requestData.body)));
          };
        };
      }),
  );
}

/** On the first screen, and the control itself is what a finger at its centre touches. */
function seenWithoutScrolling(target: Locator): Promise<boolean> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    return box.bottom <= window.innerHeight && element.contains(document.elementFromPoint(x, y));
  });
}

describe('the SOS button', () => {
  it('online: tells every confirmed contact where and when, once, and FINALIZAR ALERTA tells them it ended', async () => {
    const { context, page, contactEmail } = await personWithConfirmedContact(running.app, running.browser, 'online');
    await page.getByText('Presiona el botón SOS IAD para notificar a tus contactos que estás en riesgo.').waitFor();
    // Permission was granted before: home watches the position without asking, and says when it has one.
    await page.getByText('Tu ubicación se enviará con tu alerta.').waitFor();
    await sosButton(page).click();
    await page.waitForURL('**/web/active');

    const mail = await waitForMail(running.app.dataDir, {
      to: contactEmail,
      subject: /ALERTA SOS: Elena online está en riesgo/,
    });
    expect(mail.text).toContain('latitud 25.7617, longitud -80.1918');
    expect(mail.text).toContain('https://www.openstreetmap.org/?mlat=25.7617&mlon=-80.1918');

    await endAlertAndWaitForMail(running.app, page, contactEmail);
    expect(await alertMailsTo(running.app, contactEmail)).toHaveLength(1);
    await context.close();
  });

  it('offline: shows the alert as waiting, sends nothing, and delivers it exactly once when the network returns', async () => {
    // This is the first session after sign-up: the worker installed minutes ago already protects it.
    const { context, page, contactEmail } = await personWithConfirmedContact(running.app, running.browser, 'offline');
    await context.setOffline(true);
    await sosButton(page).click();
    await page.waitForURL('**/web/active');
    await page.getByText(/se enviará automáticamente/).waitFor();
    expect(await alertMailsTo(running.app, contactEmail)).toHaveLength(0);
    // On the phone's disk the waiting request is sealed with the device key: no field of it in clear.
    await expect.poll(() => queuedBodies(page)).toEqual([expect.any(String)]);
    expect((await queuedBodies(page)).map((body) => /alert_status|latitude|timezone/.test(body))).toEqual([false]);

    await context.setOffline(false);
    await waitForMail(running.app.dataDir, { to: contactEmail, subject: /ALERTA SOS: Elena offline está en riesgo/ });
    await page.getByText(/se enviará automáticamente/).waitFor({ state: 'detached' });
    // Replaying again (a reload starts the worker's replay) must not send it twice.
    await page.reload();
    await endAlertAndWaitForMail(running.app, page, contactEmail);
    expect(await alertMailsTo(running.app, contactEmail)).toHaveLength(1);
    await context.close();
  });

  it.each([
    ['with Background Sync', 'closed', async () => running.browser, true],
    ['without Background Sync, as in Safari', 'nosync', browserWithoutSync, false],
  ])(
    'offline with the app closed (%s): the alert and its end, both queued, arrive in order once, after the app reopens',
    async (_name, tag, which, backgroundSync) => {
      const { context, page, contactEmail } = await personWithConfirmedContact(running.app, await which(), tag);
      const sync = backgroundSync ? await allowBackgroundSync(context, page) : undefined;
      await context.setOffline(true);
      await sosButton(page).click();
      await page.waitForURL('**/web/active');
      // The browser itself took the queue's registration: with Background Sync it owes the send, not the page.
      if (sync) await expect.poll(() => sync.sosSyncRegistered()).toBe(true);
      await page.getByRole('button', { name: 'FINALIZAR ALERTA' }).click();
      await page.waitForURL('**/web/home');
      await page.close();

      await context.setOffline(false);
      const reopened = await context.newPage();
      await reopened.goto(`${running.app.url}/web/home`);
      // Both reach the server moments apart: the contact hears of both, in order, or of neither.
      await expectBothInOrderOrNeither(running.app, contactEmail, tag);
      await context.close();
    },
  );

  it.each([
    ['without Background Sync, as on an iPhone', 'iphone', browserWithoutSync, true],
    ['with Background Sync', 'bgsync', async () => running.browser, false],
  ])(
    'pressed offline (%s): the alert screen says at once whether to keep the app open, with the SMS on screen',
    async (_name, tag, which, keepOpen) => {
      const { context, page } = await personWithConfirmedContact(running.app, await which(), tag);
      const sync = keepOpen ? undefined : await allowBackgroundSync(context, page);
      await resizeTo(page, { width: 360, height: 740 });
      await context.setOffline(true);
      await sosButton(page).click();
      await page.waitForURL('**/web/active');
      if (sync) await expect.poll(() => sync.sosSyncRegistered()).toBe(true);
      await page.getByText(/se enviará automáticamente/).waitFor();
      const line = page.getByText(
        'Mantén la aplicación abierta hasta que diga «Alerta enviada»: cerrada, no se envía.',
      );
      if (keepOpen) {
        await line.waitFor({ timeout: 30_000 });
        expect(await seenWithoutScrolling(line)).toBe(true);
      } else {
        await page.getByText('Guardado en este teléfono: 1 aviso por enviar.').waitFor();
        expect(await line.count()).toBe(0);
      }
      // The SMS is offered at once, on screen without scrolling, and nothing covers it.
      expect(await seenWithoutScrolling(page.getByRole('link', { name: 'Enviar SMS a mis contactos' }))).toBe(true);
      await page.screenshot({ path: `artifacts/sos-offline-${tag}-360x740.png` });
      await context.close();
    },
  );

  it('pressed offline and the app closed at once: it reopens on the alert screen, offline and once delivered', async () => {
    const { context, page, contactEmail } = await personWithConfirmedContact(running.app, running.browser, 'cerrada');
    await context.setOffline(true);
    await sosButton(page).click();
    await page.waitForURL('**/web/active');
    await page.close();

    const reopened = await context.newPage();
    await reopened.goto(`${running.app.url}/web/home`);
    await reopened.waitForURL('**/web/active');
    await reopened.getByText(/se enviará automáticamente/).waitFor();
    await reopened.close();

    await context.setOffline(false);
    const online = await context.newPage();
    await online.goto(`${running.app.url}/web/home`);
    await online.waitForURL('**/web/active');
    await waitForMail(running.app.dataDir, { to: contactEmail, subject: /ALERTA SOS: Elena cerrada está en riesgo/ });
    await endAlertAndWaitForMail(running.app, online, contactEmail);
    expect(await alertMailsTo(running.app, contactEmail)).toHaveLength(1);
    await context.close();
  });

  it('signs back in on a new page and still has the alert screen while an alert is active', async () => {
    const { context, page, email } = await personWithConfirmedContact(running.app, running.browser, 'again');
    await sosButton(page).click();
    await page.waitForURL('**/web/active');
    const other = await phonePage(running.browser);
    await enterWithEmailedCode(other.page, running.app, email);
    await other.page.waitForURL('**/web/active');
    await Promise.all([context.close(), other.context.close()]);
  });
});
