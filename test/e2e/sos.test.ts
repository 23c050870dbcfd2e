import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type RunningApp } from '#test/support/app-server.ts';
import { enterWithEmailedCode, fillContactForm, phonePage, signUpInBrowser } from '#test/support/browser-flows.ts';
import { launchChromium, launchSparticuzChromium, type TestBrowser } from '#test/support/chromium.ts';
import { readMailbox, waitForMail, type ReceivedMail } from '#test/support/mailbox.ts';

// DESIGN.md section 3 in a real Chromium against the real server: an SOS pressed
// once reaches every confirmed contact exactly once, online or offline.

let app: RunningApp;
let browser: Browser;
/** A browser where Background Sync never fires (Safari's case): replay must come from the app itself. */
let withoutSync: TestBrowser;

beforeAll(async () => {
  [app, { browser }, withoutSync] = await Promise.all([startApp(), launchChromium(), launchSparticuzChromium()]);
});

afterAll(async () => {
  await Promise.all([browser?.close(), withoutSync?.browser.close()]);
  await app?.stop();
});

const position = { latitude: 25.7617, longitude: -80.1918 };

/** A new person with one contact who confirmed from the e-mail, on home, with the page controlled by the worker. */
async function personWithConfirmedContact(
  tag: string,
  on: Browser = browser,
): Promise<{ context: BrowserContext; page: Page; contactEmail: string; email: string }> {
  const { context, page } = await phonePage(on);
  await context.grantPermissions(['geolocation'], { origin: app.url });
  await context.setGeolocation(position);
  const email = `${tag}@example.org`;
  const contactEmail = `${tag}-contacto@example.org`;
  await signUpInBrowser(page, app, { email, firstname: 'Elena', lastname: tag });
  await fillContactForm(page, { firstname: 'Jorge', lastname: 'Paz', email: contactEmail, phone: '3055550100', kinship: 'Hermano' });
  await page.getByRole('dialog', { name: '¡Felicidades!' }).getByRole('button', { name: 'Ir al inicio' }).click();
  await page.waitForURL('**/web/home');
  const invitation = await waitForMail(app.dataDir, { to: contactEmail, subject: /te agregó como contacto de emergencia/ });
  const token = /\/web\/active\/verify\/([A-Za-z0-9_-]+)/.exec(invitation.text)?.[1];
  const accepted = await fetch(`${app.url}/api/verify-contact/${token}`);
  expect(accepted.status).toBe(200);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  return { context, page, contactEmail, email };
}

const sosButton = (page: Page) => page.getByRole('button', { name: 'SOS: avisar a mis contactos' });

async function alertMailsTo(email: string): Promise<ReceivedMail[]> {
  return (await readMailbox(app.dataDir)).filter((mail) => mail.to.includes(email) && /^ALERTA SOS: .* está en riesgo$/.test(mail.subject));
}

/** Ending the alert is a later e-mail from the same outbox: once it is here, any duplicate start would be too. */
async function endAlertAndWaitForMail(page: Page, contactEmail: string) {
  const before = (await readMailbox(app.dataDir)).length;
  await page.getByRole('button', { name: 'FINALIZAR ALERTA' }).click();
  await page.waitForURL('**/web/home');
  return waitForMail(app.dataDir, { to: contactEmail, subject: /finalizó su alerta SOS/, after: before });
}

describe('the SOS button', () => {
  it('online: tells every confirmed contact where and when, once, and FINALIZAR ALERTA tells them it ended', async () => {
    const { context, page, contactEmail } = await personWithConfirmedContact('online');
    await page.getByText('Presiona el botón SOS IAD para notificar a tus contactos que estás en riesgo.').waitFor();
    // Permission was granted before: home watches the position without asking, and says when it has one.
    await page.getByText('Tu ubicación se enviará con tu alerta.').waitFor();
    await sosButton(page).click();
    await page.waitForURL('**/web/active');

    const mail = await waitForMail(app.dataDir, { to: contactEmail, subject: /ALERTA SOS: Elena online está en riesgo/ });
    expect(mail.text).toContain('latitud 25.7617, longitud -80.1918');
    expect(mail.text).toContain('https://www.openstreetmap.org/?mlat=25.7617&mlon=-80.1918');

    await endAlertAndWaitForMail(page, contactEmail);
    expect(await alertMailsTo(contactEmail)).toHaveLength(1);
    await context.close();
  });

  it('offline: shows the alert as waiting, sends nothing, and delivers it exactly once when the network returns', async () => {
    // This is the first session after sign-up: the worker installed minutes ago already protects it.
    const { context, page, contactEmail } = await personWithConfirmedContact('offline');
    await context.setOffline(true);
    await sosButton(page).click();
    await page.waitForURL('**/web/active');
    await page.getByText(/se enviará automáticamente/).waitFor();
    expect(await alertMailsTo(contactEmail)).toHaveLength(0);

    await context.setOffline(false);
    await waitForMail(app.dataDir, { to: contactEmail, subject: /ALERTA SOS: Elena offline está en riesgo/ });
    await page.getByText(/se enviará automáticamente/).waitFor({ state: 'detached' });
    // Replaying again (a reload starts the worker's replay) must not send it twice.
    await page.reload();
    await endAlertAndWaitForMail(page, contactEmail);
    expect(await alertMailsTo(contactEmail)).toHaveLength(1);
    await context.close();
  });

  it.each([
    ['with Background Sync', 'closed', () => browser],
    ['without Background Sync, as in Safari', 'nosync', () => withoutSync.browser],
  ])('offline with the app closed (%s): the alert and its end, both queued, arrive in order once, after the app reopens', async (_name, tag, which) => {
    const { context, page, contactEmail } = await personWithConfirmedContact(tag, which());
    await context.setOffline(true);
    await sosButton(page).click();
    await page.waitForURL('**/web/active');
    await page.getByRole('button', { name: 'FINALIZAR ALERTA' }).click();
    await page.waitForURL('**/web/home');
    await page.close();

    await context.setOffline(false);
    const reopened = await context.newPage();
    await reopened.goto(`${app.url}/web/home`);
    const ended = await waitForMail(app.dataDir, { to: contactEmail, subject: new RegExp(`Elena ${tag} finalizó su alerta SOS`) });
    const mails = (await readMailbox(app.dataDir)).filter((mail) => mail.to.includes(contactEmail));
    const started = mails.filter((mail) => /está en riesgo/.test(mail.subject));
    expect(started).toHaveLength(1);
    expect(mails.indexOf(started[0]!)).toBeLessThan(mails.findIndex((mail) => mail.file === ended.file));
    await context.close();
  });

  it('signs back in on a new page and still has the alert screen while an alert is active', async () => {
    const { context, page, email } = await personWithConfirmedContact('again');
    await sosButton(page).click();
    await page.waitForURL('**/web/active');
    const other = await phonePage(browser);
    await enterWithEmailedCode(other.page, app, email);
    await other.page.waitForURL('**/web/active');
    await Promise.all([context.close(), other.context.close()]);
  });
});
