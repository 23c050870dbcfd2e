import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { acceptInvitation, fillContactForm, goHomeAfterFirstContact } from '#test/support/browser-flows.ts';
import { onEveryPhone, PHONES, seenWhole } from '#test/support/first-screen.ts';
import { codeFrom, waitForMail } from '#test/support/mailbox.ts';
import { controlledByWorker } from '#test/support/service-worker.ts';
import { resizeTo } from '#test/support/viewport.ts';

// 'Listo: la aplicación ya funciona sin conexión' is the person's news, said once, on home, once
// home has room for it: never at the top of the screens of sign-in, sign-up or the first contact
// (it sat over the first contact's form), never on home while it warns that nobody will be told,
// and never on a contact's link page. Where it shows, SOS, the line under it and the check-in's
// button stay whole on the first screen.

const running = appAndChromiumPerFile();
const READY_OFFLINE = 'Listo: la aplicación ya funciona sin conexión.';

/** How many times the line shows, at each phone. */
async function lineAtEachPhone(page: Page): Promise<Record<string, number>> {
  const seen: Record<string, number> = {};
  for (const phone of PHONES) {
    await resizeTo(page, phone);
    seen[`${phone.width}x${phone.height}`] = await page.getByText(READY_OFFLINE).count();
  }
  return seen;
}

const installed = controlledByWorker;

describe('the line that says the app works offline', () => {
  it("shows on home only, once someone will be told, at 360x740, 390x844 and 412x915, and never on a contact's link page", async () => {
    const context = await running.browser.newContext({ locale: 'es-US', viewport: PHONES[0] });
    await context.grantPermissions(['geolocation'], { origin: running.app.url });
    await context.setGeolocation({ latitude: 25.7617, longitude: -80.1918 });
    const page = await context.newPage();
    const email = 'linea.listo@example.org';
    const contactEmail = 'linea.listo-contacto@example.org';
    const seen: Record<string, unknown> = {};

    // Installed on the first screen, before anything is typed: every screen after it could show the line.
    await page.goto(`${running.app.url}/web/auth/signin`);
    await installed(page);
    await page.getByLabel(/correo/i).fill(email);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL('**/web/auth/verify');
    await page.getByRole('textbox', { name: /dígito 1/i }).waitFor();
    seen.code = await lineAtEachPhone(page);
    const code = codeFrom(await waitForMail(running.app.dataDir, { to: email, subject: /Tu código de acceso/ }));
    await page.getByRole('textbox', { name: /dígito 1/i }).click();
    await page.keyboard.type(code);
    await page.waitForURL('**/web/auth/signup');
    await page.getByLabel(/nombres/i).waitFor();
    seen.signUp = await lineAtEachPhone(page);
    await page.getByLabel(/nombres/i).fill('Rosa');
    await page.getByLabel(/apellidos/i).fill('Lima');
    await page.getByRole('textbox', { name: 'Teléfono' }).fill('2025550143');
    await page.getByRole('button', { name: /términos y condiciones/i }).click();
    await page
      .getByRole('dialog', { name: /términos y condiciones/i })
      .getByRole('button', { name: 'Aceptar' })
      .click();
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.waitForURL('**/web/auth/contacts');
    await page.getByRole('heading', { name: 'Agrega tu primer contacto de emergencia' }).waitFor();
    seen.firstContact = await lineAtEachPhone(page);

    await resizeTo(page, PHONES[0]);
    await fillContactForm(page, {
      firstname: 'Jorge',
      lastname: 'Paz',
      email: contactEmail,
      phone: '3055550100',
      kinship: 'Hermano',
    });
    await goHomeAfterFirstContact(page);
    const nobody = page.getByRole('note', { name: 'Nadie recibirá tu alerta' });
    await nobody.waitFor();
    seen.homeNobodyTold = await lineAtEachPhone(page);

    // Jorge accepts; home sees it, and the next arrival on home says it once.
    await acceptInvitation(running.app, contactEmail);
    await nobody.waitFor({ state: 'detached', timeout: 30_000 });
    const nav = page.getByRole('navigation', { name: 'Navegación principal' });
    await nav.getByRole('link', { name: 'Perfil' }).click();
    await page.waitForURL('**/web/profile');
    seen.profile = await lineAtEachPhone(page);
    await nav.getByRole('link', { name: 'Inicio' }).click();
    await page.waitForURL('**/web/home');
    await page.getByRole('button', { name: 'Ayuda' }).waitFor();
    const home: Record<string, unknown> = {};
    for (const phone of PHONES) {
      await resizeTo(page, phone);
      home[`${phone.width}x${phone.height}`] = await seenWhole(page, {
        line: page.getByText(READY_OFFLINE),
        sos: page.getByRole('button', { name: /^SOS/ }),
        under: page.getByText('Tu ubicación se enviará con tu alerta.'),
        checkIn: page.getByRole('link', { name: 'Avísales si no vuelvo' }),
      });
    }
    seen.home = home;
    await nav.getByRole('link', { name: 'Perfil' }).click();
    await page.waitForURL('**/web/profile');
    await nav.getByRole('link', { name: 'Inicio' }).click();
    await page.getByRole('button', { name: 'Ayuda' }).waitFor();
    seen.homeAgain = await lineAtEachPhone(page);
    await context.close();

    // The contact's phone: the app installs on the link's page too; the next page of theirs says nothing of it.
    const theirs = await running.browser.newContext({ locale: 'es-US', viewport: PHONES[0] });
    const contactPage = await theirs.newPage();
    await contactPage.goto(`${running.app.url}/web/active/invalid`);
    await installed(contactPage);
    await contactPage.getByRole('link', { name: 'Términos y condiciones' }).click();
    await contactPage.getByRole('heading', { level: 1, name: 'Términos y condiciones' }).waitFor();
    seen.contactsPage = await lineAtEachPhone(contactPage);
    await theirs.close();

    const none = onEveryPhone(0);
    expect(seen).toEqual({
      code: none,
      signUp: none,
      firstContact: none,
      homeNobodyTold: none,
      profile: none,
      home: onEveryPhone({ line: true, sos: true, under: true, checkIn: true }),
      homeAgain: none,
      contactsPage: none,
    });
  }, 180_000);
});
