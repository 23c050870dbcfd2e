import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from '#test/support/accessibility-checks.ts';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { enterWithEmailedCode, phonePage, setPinsInBrowser } from '#test/support/browser-flows.ts';
import { readMailbox, waitForMail } from '#test/support/mailbox.ts';
import { personWithConfirmedContact, sosButton } from '#test/support/sos-flows.ts';
import { endNewsTexts } from '#shared/end-news-texts.ts';
import { resizeTo } from '#test/support/viewport.ts';
import { appStarted } from '#test/support/app-started.ts';

// The duress PIN in a real Chromium against the real server: FINALIZAR ALERTA
// with it shows the person exactly what the real PIN shows, while the contact
// reads that the person may have been forced, and the contact's 'Lo tengo'
// page still shows the alert on. Screenshots (390x844) go to artifacts/, or to
// DURESS_SCREENSHOTS when set.

const root = path.resolve(import.meta.dirname, '../..');
const shots = process.env.DURESS_SCREENSHOTS ?? path.join(root, 'artifacts');
const PIN = '2468';
const DURESS = '1357';
const FORCED = /^ALERTA: es posible que hayan obligado a Elena presion a finalizar su alerta$/;

const env = appAndChromiumPerFile();

beforeAll(async () => {
  await mkdir(shots, { recursive: true });
});

/** The body of the next PUT /api/active-button reply the page receives. */
function nextEndReply(page: Page): Promise<unknown> {
  return page
    .waitForResponse(
      (response) => response.url().endsWith('/api/active-button') && response.request().method() === 'PUT',
      { timeout: 30_000 },
    )
    .then((response) => response.json());
}

describe('the duress PIN', () => {
  it('ends the alert on screen exactly like the real PIN, while the contact reads it may have been forced and sees it on', async () => {
    const { app, browser } = env;
    const { page, contactEmail, email } = await personWithConfirmedContact(app, browser, 'presion');

    const pins = await setPinsInBrowser(page, PIN, DURESS);
    await expectAccessible(page, 'profile with PINs set');
    await pins.screenshot({ path: path.join(shots, 'duress-0-profile-pins.png') });
    // 'PIN guardados.' would stay over the screens that follow.
    await page.getByRole('button', { name: 'Cerrar aviso' }).click();

    await page.getByRole('link', { name: 'Inicio' }).click();
    await sosButton(page).click();
    await page.waitForURL('**/web/active');
    const started = await waitForMail(app.dataDir, {
      to: contactEmail,
      subject: /^ALERTA SOS: Elena presion está en riesgo$/,
    });
    const ackUrl = /(https?:\/\/\S+\/web\/active\/ack\/[A-Za-z0-9_-]+\S*)/.exec(started.text)?.[1];
    expect(ackUrl).toBeDefined();

    await page.getByRole('button', { name: 'FINALIZAR ALERTA' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Escribe tu PIN para finalizar la alerta' });
    await dialog.waitFor();
    await expectAccessible(page, 'PIN dialog over the alert screen');
    await page.screenshot({ path: path.join(shots, 'duress-1-pin-dialog.png') });

    await dialog.getByLabel('PIN de 4 números').fill('0000');
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await dialog.getByText('PIN incorrecto.').waitFor();

    const before = (await readMailbox(app.dataDir)).length;
    const reply = nextEndReply(page);
    await dialog.getByLabel('PIN de 4 números').fill(DURESS);
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    // What the real PIN answers and shows: the alert ended after it had reached the contact (they are
    // told it ended), home with the SOS button.
    expect(await reply).toEqual({
      success: true,
      message: { alert_status: false, alert_id: expect.any(String), contacts_told: 'all' },
    });
    await page.waitForURL('**/web/home');
    await sosButton(page).waitFor();
    await page.getByText(endNewsTexts.all).waitFor();
    await page.screenshot({ path: path.join(shots, 'duress-2-person-after-duress.png') });
    // A reload still shows home: every reply to the person says the alert ended.
    await page.reload();
    await appStarted(page);
    await sosButton(page).waitFor();
    expect(page.url()).toMatch(/\/web\/home$/);
    // And what the server tells the person: a second phone signing in now lands on home, not on an alert.
    const second = await phonePage(browser);
    await enterWithEmailedCode(second.page, app, email);
    await second.page.waitForURL('**/web/home');
    await sosButton(second.page).waitFor();
    expect(second.page.url()).toMatch(/\/web\/home$/);
    await second.context.close();

    const forced = await waitForMail(app.dataDir, { to: contactEmail, subject: FORCED, after: before }, 30_000);
    expect(forced.text).toContain(
      'Elena presion finalizó su alerta SOS en la aplicación, pero es posible que le hayan obligado a hacerlo.',
    );
    expect(forced.text).toContain('La alerta sigue activa');
    expect(
      (await readMailbox(app.dataDir)).filter(
        (mail) => mail.to.includes(contactEmail) && /finalizó su alerta SOS$/.test(mail.subject),
      ),
    ).toEqual([]);

    // The contact's 'Lo tengo' page: the alert is on, and 'Lo tengo' still works.
    const contact = await phonePage(browser);
    await contact.page.goto(ackUrl!);
    await contact.page.getByRole('heading', { name: 'Elena presion necesita ayuda' }).waitFor();
    const ack = contact.page.getByRole('button', { name: 'Lo tengo' });
    await ack.waitFor();
    expect(await contact.page.getByText('ya finalizó esta alerta').count()).toBe(0);
    // It says the end may have been forced, as the e-mail does, and offers no call.
    await contact.page
      .getByRole('alert')
      .getByText('La alerta sigue activa: actúa como si no hubiera terminado.')
      .waitFor();
    expect(await contact.page.locator('a[href^="tel:"]').count()).toBe(0);
    await contact.page.screenshot({ path: path.join(shots, 'duress-3-contact-lo-tengo.png') });
    await ack.click();
    // Not 'ya sabe': the phone shows the alert ended, so the person is not the one told of it.
    await contact.page.getByText(/^Listo: quedó registrado que recibiste la alerta de Elena presion/).waitFor();
    await contact.context.close();
  });

  it('a wrong PIN typed offline: once the queued end is refused, the open app goes back to the alert screen and says why', async () => {
    const { app, browser } = env;
    const { context, page } = await personWithConfirmedContact(app, browser, 'pinmal');
    await resizeTo(page, { width: 360, height: 740 });
    await setPinsInBrowser(page, PIN, DURESS);
    await page.getByRole('button', { name: 'Cerrar aviso' }).click();
    await page.getByRole('link', { name: 'Inicio' }).click();
    await sosButton(page).click();
    await page.waitForURL('**/web/active');
    await page.getByText('Alerta enviada a tus contactos').waitFor();

    await context.setOffline(true);
    await page.getByRole('button', { name: 'FINALIZAR ALERTA' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Escribe tu PIN para finalizar la alerta' });
    await dialog.getByLabel('PIN de 4 números').fill('0000');
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    // Offline nobody can check the PIN: the end waits in the worker's queue, and home shows.
    await page.waitForURL('**/web/home');

    await context.setOffline(false);
    await page.waitForURL('**/web/active', { timeout: 30_000 });
    await page.getByText('No pudimos finalizar tu alerta: PIN incorrecto. Tu alerta sigue activa.').waitFor();
    await page.getByRole('button', { name: 'FINALIZAR ALERTA' }).waitFor();
    await page.screenshot({ path: path.join(shots, 'end-refused-offline-360x740.png') });
    await context.close();
  });
});
