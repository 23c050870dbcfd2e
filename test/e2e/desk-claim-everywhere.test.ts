import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { phonePage } from '#test/support/browser-flows.ts';
import { staffOnDesk } from '#test/support/desk-browser.ts';
import { waitForMail } from '#test/support/mailbox.ts';
import { personWithConfirmedContact, sosButton } from '#test/support/sos-flows.ts';
import { firmConsentTexts } from '#shared/api/firm-consent.ts';

// 'Atender' claims the alert for the staff member; every other desk sees who has it at once, and
// so does the contacts' 'Lo tengo' page. Two responders have the desk open; one takes
// the alert; the other's desk says who has it without a reload and offers no 'Atender'; the contact
// who opens the alert e-mail's link reads that the firm is on it.

const both = appAndChromiumPerFile();

/** A responder made by the CLI, on the desk with their first passkey. */
async function responderOnDesk(email: string) {
  const desk = await staffOnDesk(both.app, both.browser, email, 'responder');
  await desk.page.getByText('No hay alertas activas.').waitFor();
  return desk;
}

/** Marks the loaded document: the mark survives anything but a reload. */
const markDocument = (page: Page) => page.evaluate(() => (document.body.dataset.sameDocument = 'yes'));
const sameDocument = (page: Page) => page.evaluate(() => document.body.dataset.sameDocument === 'yes');

describe("'Atender' reaches every desk and the contacts", () => {
  it("shows another open desk, at once, who attends the alert, and the contact's 'Lo tengo' page says the firm attends", async () => {
    const ana = await responderOnDesk('ana@firma.example');
    const luis = await responderOnDesk('luis@firma.example');
    await markDocument(luis.page);

    const client = await personWithConfirmedContact(both.app, both.browser, 'atendida');
    await client.page.goto(`${both.app.url}/web/profile`);
    const share = client.page.getByRole('switch', { name: 'Compartir mis alertas con IAD' });
    await share.click();
    await expect.poll(() => share.isChecked()).toBe(true);
    // The switch shows 'on' while its change is saved; leaving the page then could cut the save.
    await client.page.getByText(firmConsentTexts.savedOn('IAD')).waitFor();
    await client.page.goto(`${both.app.url}/web/home`);
    await sosButton(client.page).click();
    await client.page.getByRole('heading', { name: 'Alerta activa' }).waitFor();

    const cardOf = (page: Page) => page.getByRole('listitem').filter({ hasText: 'Elena atendida' });
    await cardOf(ana.page).waitFor({ timeout: 30_000 });
    await cardOf(luis.page).waitFor({ timeout: 30_000 });
    expect(await cardOf(luis.page).getByRole('button', { name: 'Atender' }).count()).toBe(1);

    await cardOf(ana.page).getByRole('button', { name: 'Atender' }).click();
    await ana.page.getByRole('heading', { level: 1, name: 'Caso de Elena atendida' }).waitFor();

    // Luis's desk, untouched, learns it through its live link: who has it, and no 'Atender' left.
    await cardOf(luis.page).getByText('Atiende: ana@firma.example').waitFor({ timeout: 30_000 });
    expect(await cardOf(luis.page).getByRole('button', { name: 'Atender' }).count()).toBe(0);
    expect(await cardOf(luis.page).getByRole('button', { name: 'Ver caso' }).count()).toBe(1);
    expect(await sameDocument(luis.page)).toBe(true);

    // The contact opens the alert e-mail's link: the firm is on it.
    const mail = await waitForMail(both.app.dataDir, {
      to: client.contactEmail,
      subject: /^ALERTA SOS: Elena atendida está en riesgo$/,
    });
    const link = /(https?:\/\/\S+\/web\/active\/ack\/[A-Za-z0-9_-]+)/.exec(mail.text)?.[1];
    expect(link).toBeDefined();
    const contact = await phonePage(both.browser);
    await contact.page.goto(link!);
    await contact.page.getByRole('heading', { name: 'Elena atendida necesita ayuda' }).waitFor();
    await contact.page.getByRole('status').filter({ hasText: 'IAD está atendiendo esta alerta.' }).waitFor();

    for (const context of [ana.context, luis.context, client.context, contact.context]) await context.close();
  });
});
