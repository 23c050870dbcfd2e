import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pinMessages } from '#shared/api/pins.ts';
import { expectAccessible } from '#test/support/accessibility-checks.ts';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import type { RunningApp } from '#test/support/app-server.ts';
import { setPinsInBrowser } from '#test/support/browser-flows.ts';
import { personWithConfirmedContact, sosButton } from '#test/support/sos-flows.ts';

// While an alert is on, deleting a contact asks for the PIN (the server's seized-phone guard, the
// client's one PIN prompt), in a real Chromium against the real server. What the server keeps is
// read through the API with the page's own session.

const PIN = '2468';
const DURESS = '1357';

const env = appAndChromiumPerFile();

/** PINs set on the profile screen, the contact's page address noted, then SOS pressed: the alert is on. */
async function alertOnWithPins(page: Page): Promise<string> {
  await setPinsInBrowser(page, PIN, DURESS);
  await page.getByRole('button', { name: 'Cerrar aviso' }).click();

  await page.getByRole('link', { name: 'Inicio' }).click();
  await page.getByRole('link', { name: /^Jorge Paz \S+@/ }).click();
  await page.waitForURL('**/web/contact/*');
  const contactUrl = page.url();
  await page.getByRole('link', { name: 'Inicio' }).click();
  await sosButton(page).click();
  await page.waitForURL('**/web/active');
  return contactUrl;
}

/** On the contact's page: 'Eliminar contacto', confirmed; resolves with the bearer token of the DELETE. */
async function deleteFromItsPage(page: Page, contactUrl: string): Promise<string> {
  await page.goto(contactUrl);
  await page.getByRole('button', { name: 'Eliminar contacto' }).click();
  const firstDelete = page.waitForRequest((request) => request.method() === 'DELETE');
  await page
    .getByRole('alertdialog', { name: '¿Eliminar a Jorge Paz?' })
    .getByRole('button', { name: 'Eliminar' })
    .click();
  return (await (await firstDelete).allHeaders()).authorization ?? '';
}

async function typePin(page: Page, pin: string) {
  const prompt = page.getByRole('alertdialog', { name: 'Escribe tu PIN para continuar' });
  await prompt.getByLabel('PIN de 4 números').fill(pin);
  await prompt.getByRole('button', { name: 'Confirmar' }).click();
  return prompt;
}

/** What the server answers the person for the contact now (GET /api/contacts/:id). */
async function contactOnServer(app: RunningApp, contactUrl: string, authorization: string) {
  const id = new URL(contactUrl).pathname.split('/').at(-1);
  const reply = await fetch(`${app.url}/api/contacts/${id}`, { headers: { authorization } });
  return {
    status: reply.status,
    name: ((await reply.json()) as { message?: { firstname?: string } }).message?.firstname,
  };
}

describe('deleting a contact while the alert is on', () => {
  it('asks for the PIN, refuses a wrong one with its message, and deletes with the real one', async () => {
    const { app, browser } = env;
    const { page, context } = await personWithConfirmedContact(app, browser, 'borra-real');
    const contactUrl = await alertOnWithPins(page);

    const authorization = await deleteFromItsPage(page, contactUrl);
    await page.getByRole('alertdialog', { name: 'Escribe tu PIN para continuar' }).waitFor();
    await expectAccessible(page, 'PIN prompt over a contact');
    const prompt = await typePin(page, '0000');
    await prompt.getByText(pinMessages.pinWrong).waitFor();
    expect(await contactOnServer(app, contactUrl, authorization)).toEqual({ status: 200, name: 'Jorge' });

    await typePin(page, PIN);
    // Their only contact gone (the toast belongs to home, which this person does not reach now), home is the first-contact screen (SPEC.md section 2's order).
    await expect.poll(() => page.url(), { timeout: 30_000 }).toMatch(/\/web\/auth\/contacts$/);
    await page.getByRole('heading', { name: 'Agrega tu primer contacto de emergencia' }).waitFor();
    expect(await prompt.count()).toBe(0);
    expect(await contactOnServer(app, contactUrl, authorization)).toEqual({ status: 404, name: undefined });
    await page.goto(contactUrl);
    await page.getByRole('heading', { name: 'Contacto no encontrado' }).waitFor();
    await context.close();
  });

  it('with the duress PIN shows the deletion done, on the screen and in the API the person reads', async () => {
    const { app, browser } = env;
    const { page, context } = await personWithConfirmedContact(app, browser, 'borra-bajo-presion');
    const contactUrl = await alertOnWithPins(page);

    const authorization = await deleteFromItsPage(page, contactUrl);
    const prompt = await typePin(page, DURESS);
    // Where the real deletion of their only contact leads.
    await expect.poll(() => page.url(), { timeout: 30_000 }).toMatch(/\/web\/auth\/contacts$/);
    await page.getByRole('heading', { name: 'Agrega tu primer contacto de emergencia' }).waitFor();
    expect(await prompt.count()).toBe(0);
    expect(await page.getByText(pinMessages.pinWrong).count()).toBe(0);
    // The person's own API shows it deleted too, as a real deletion would; that the contact is kept
    // and still alerted is the server's part (test/server/security/seized-phone.db.test.ts).
    expect(await contactOnServer(app, contactUrl, authorization)).toEqual({ status: 404, name: undefined });
    await context.close();
  });
});
