import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { acceptInvitation, fillContactForm, phonePage } from '#test/support/browser-flows.ts';
import { waitForMail } from '#test/support/mailbox.ts';
import { personWithConfirmedContact, sosButton } from '#test/support/sos-flows.ts';
import { resizeTo } from '#test/support/viewport.ts';
import { appStarted } from '#test/support/app-started.ts';

// Delivery state and acknowledgements in a real Chromium against the real server: the person sees who their
// alert reached and who answered, within seconds, and can practise the whole
// path (service worker included) without raising an alert.

const root = path.resolve(import.meta.dirname, '../..');
const SCREENSHOT = path.join(root, 'artifacts/active-acknowledged-360x740.png');

const started = appAndChromiumPerFile();

/** A second contact, added from the app and confirmed from the e-mail, as a person would. */
async function addConfirmedContact(page: Page, contact: { firstname: string; lastname: string; email: string }) {
  await page.goto(`${started.app.url}/web/contact`);
  await fillContactForm(page, { ...contact, phone: '3055550101', kinship: 'Hermana' });
  await page.waitForURL('**/web/home');
  await acceptInvitation(started.app, contact.email);
}

/** The contact opens the 'Lo tengo' link of an e-mail in a browser of their own, and presses it. */
async function acknowledgeFromMail(mailText: string) {
  const link = /(https?:\/\/\S+\/web\/active\/ack\/[A-Za-z0-9_-]+)/.exec(mailText)?.[1];
  expect(link).toBeDefined();
  const contact = await phonePage(started.browser);
  await contact.page.goto(link!);
  await contact.page.getByRole('button', { name: 'Lo tengo' }).click();
  await contact.page.getByText(/ya sabe que recibiste su alerta/).waitFor();
  return contact;
}

describe('knowing that the alert arrived', () => {
  it("shows on the alert screen, within seconds, the contact who pressed 'Lo tengo' and the one who has not", async () => {
    const { context, page, contactEmail } = await personWithConfirmedContact(started.app, started.browser, 'acuse');
    const maria = { firstname: 'María', lastname: 'López', email: 'acuse-maria@example.org' };
    await addConfirmedContact(page, maria);
    await page.reload();
    await sosButton(page).click();
    await page.waitForURL('**/web/active');

    const list = page.getByRole('region', { name: 'A quién llegó tu alerta' });
    await list.getByText(/^Enviada a Jorge Paz \(\d\d:\d\d\), sin confirmar todavía$/).waitFor({ timeout: 30_000 });
    await list.getByText(/^Enviada a María López/).waitFor();

    const mail = await waitForMail(started.app.dataDir, {
      to: maria.email,
      subject: /ALERTA SOS: Elena acuse está en riesgo/,
    });
    expect(mail.text).toContain('presiona «Lo tengo»');
    const contact = await acknowledgeFromMail(mail.text);
    await contact.page.getByRole('heading', { name: 'Elena acuse necesita ayuda' }).waitFor();

    // The open screen learns of it by itself, without a reload.
    await list.getByText(/^Recibida por María López \(\d\d:\d\d\)$/).waitFor({ timeout: 30_000 });
    await list.getByText(/^Enviada a Jorge Paz/).waitFor();
    // The alert's own status and the list agree: it was sent.
    await page.getByText('Alerta enviada a tus contactos').waitFor();

    await resizeTo(page, { width: 360, height: 740 });
    await mkdir(path.dirname(SCREENSHOT), { recursive: true });
    await page.screenshot({ path: SCREENSHOT });
    console.log(`Active screen, one contact acknowledged and one not, at 360x740: ${SCREENSHOT}`);

    // Ending the alert tells everyone who got it who is acting.
    await page.getByRole('button', { name: 'FINALIZAR ALERTA' }).click();
    await page.waitForURL('**/web/home');
    const ended = await waitForMail(started.app.dataDir, {
      to: contactEmail,
      subject: /Elena acuse finalizó su alerta SOS/,
    });
    // The other contacts by first name only: a contact's mailbox does not learn the whole network.
    expect(ended.text).toMatch(/Recibida por María \(\d\d:\d\d\)/);
    expect(ended.text).toMatch(/Enviada a Jorge \(\d\d:\d\d\), sin confirmar todavía/);
    expect(ended.text).not.toMatch(/López|Paz/);
    await Promise.all([context.close(), contact.context.close()]);
  });

  it('practises the whole path, offline first and through the service worker, without raising an alert', async () => {
    const { context, page, contactEmail } = await personWithConfirmedContact(started.app, started.browser, 'practica');
    await page.getByRole('link', { name: 'Probar alerta' }).click();
    await page.waitForURL('**/web/practice');
    await page.getByRole('heading', { name: 'Alerta de prueba' }).waitFor();

    await context.setOffline(true);
    await page.getByRole('button', { name: 'Enviar alerta de prueba' }).click();
    await page.getByText(/Sin conexión: tu prueba se enviará en cuanto haya señal/).waitFor();
    await context.setOffline(false);

    const mail = await waitForMail(started.app.dataDir, {
      to: contactEmail,
      subject: /^PRUEBA: alerta de prueba de Elena practica/,
    });
    expect(mail.text.split('\n')[0]).toBe('PRUEBA: esto es solo una prueba. Elena practica no está en riesgo.');
    await page.getByText(/^Prueba enviada\./).waitFor({ timeout: 30_000 });
    const list = page.getByRole('region', { name: 'A quién llegó tu prueba' });
    await list.getByText(/^Enviada a Jorge Paz/).waitFor({ timeout: 30_000 });

    const contact = await acknowledgeFromMail(mail.text);
    await contact.page.getByText('PRUEBA: esto es solo una prueba. Elena practica no está en riesgo.').waitFor();
    await list.getByText(/^Recibida por Jorge Paz \(\d\d:\d\d\)$/).waitFor({ timeout: 30_000 });

    // A test, never an alert: home is still home, with its SOS button.
    await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Inicio' }).click();
    await page.waitForURL('**/web/home');
    await sosButton(page).waitFor();
    await page.reload();
    await appStarted(page);
    await sosButton(page).waitFor();
    expect(page.url()).toMatch(/\/web\/home$/);
    await Promise.all([context.close(), contact.context.close()]);
  });
});
