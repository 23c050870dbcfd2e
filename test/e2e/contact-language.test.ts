import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '#test/support/accessibility-checks.ts';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { waitForMail } from '#test/support/mailbox.ts';
import { endAlertAndWaitForMail, personWithConfirmedContact, sosButton } from '#test/support/sos-flows.ts';

// A contact who reads English, in a real Chromium against the real server: every
// page their e-mails open is in English, says so to the browser, can be switched
// to Spanish and back (kept for the contact), and passes axe in both. Then the person's active screen,
// offline: WhatsApp first.

const both = appAndChromiumPerFile();

const linkIn = (text: string, pattern: RegExp) => {
  const link = pattern.exec(text)?.[1];
  expect(link).toBeDefined();
  return link!;
};

/** The page's language and its axe findings, in one look. */
async function languageAndAxe(page: Page) {
  // The splash fades out over the first screen: axe would read its caption mid-fade.
  await page.locator('#splash').waitFor({ state: 'detached' });
  return { lang: await page.evaluate(() => document.documentElement.lang), violations: await axeViolations(page) };
}

/** Switches the page; on a page with a token the switch is also kept for the contact, and this waits for that. */
async function switchTo(page: Page, language: 'English' | 'Español', kept = true) {
  const saved = kept
    ? page.waitForResponse((reply) => reply.url().endsWith('/api/contact-language') && reply.ok())
    : undefined;
  await page.getByRole('button', { name: language }).click();
  await saved;
}

describe('the pages of a contact who reads English', () => {
  it('opens every contact page in English from the e-mail, switches to Spanish and back, and passes axe in both', async () => {
    const { app, browser } = both;
    const { context, page } = await personWithConfirmedContact(app, browser, 'idioma');
    // The person adds an English-reading contact.
    const john = { email: 'idioma-john@example.org' };
    await page.goto(`${app.url}/web/contact`);
    await page.getByLabel('Nombres').fill('John');
    await page.getByLabel('Apellidos').fill('Smith');
    await page.getByLabel('Correo electrónico').fill(john.email);
    await page.getByRole('textbox', { name: 'Teléfono' }).fill('3055550102');
    await page.getByLabel('Parentesco').selectOption('Amigo');
    await page.getByRole('group', { name: 'Idioma de los correos' }).getByRole('radio', { name: 'English' }).check();
    await page.getByRole('button', { name: 'Guardar contacto' }).click();
    await page.waitForURL('**/web/home');

    const invitation = await waitForMail(app.dataDir, {
      to: john.email,
      subject: /^Elena idioma added you as an emergency contact$/,
    });
    const verify = linkIn(invitation.text, /(https?:\/\/\S+\/web\/active\/verify\/\S+)/);
    const unsubscribe = linkIn(invitation.text, /(https?:\/\/\S+\/web\/active\/unsubscribe\?\S+)/);
    expect(verify).toMatch(/\?lang=en$/);
    expect(unsubscribe).toMatch(/&lang=en$/);

    // John lives in another zone than Elena: his page names hers (his own would go unsaid).
    const contact = await (
      await browser.newContext({
        locale: 'es-US',
        viewport: { width: 390, height: 844 },
        timezoneId: 'America/Chicago',
      })
    ).newPage();

    // The terms, in English, then in Spanish, then English again to accept.
    await contact.goto(verify);
    const terms = contact.getByRole('dialog', { name: 'Terms and conditions' });
    await terms.getByText('Effective March 7, 2025.').waitFor();
    await contact.getByRole('heading', { name: "Confirm you're an emergency contact" }).waitFor({ state: 'attached' });
    expect(await languageAndAxe(contact)).toEqual({ lang: 'en', violations: [] });
    expect(await contact.title()).toMatch(/^Confirm contact · /);
    await switchTo(contact, 'Español');
    const terminos = contact.getByRole('dialog', { name: 'Términos y condiciones' });
    await terminos.getByText('Vigentes desde el 7 de marzo de 2025.').waitFor();
    expect(await languageAndAxe(contact)).toEqual({ lang: 'es', violations: [] });
    expect(new URL(contact.url()).searchParams.get('lang')).toBeNull();
    await switchTo(contact, 'English');
    await terms.getByRole('button', { name: 'Accept' }).click();

    await contact.getByRole('heading', { name: 'Welcome!' }).waitFor();
    expect(new URL(contact.url()).searchParams.get('lang')).toBe('en');
    expect(await languageAndAxe(contact)).toEqual({ lang: 'en', violations: [] });
    await switchTo(contact, 'Español');
    await contact.getByRole('heading', { name: '¡Te damos la bienvenida!' }).waitFor();
    expect(await languageAndAxe(contact)).toEqual({ lang: 'es', violations: [] });

    // The same link again: used, so it says it was already accepted, in English, naming the person.
    await contact.goto(verify);
    await contact.getByRole('heading', { name: 'You already accepted this invitation' }).waitFor();
    await contact.getByText("You're already one of Elena idioma's emergency contacts.", { exact: false }).waitFor();
    expect(await languageAndAxe(contact)).toEqual({ lang: 'en', violations: [] });

    // A link that is no link: the invalid-link page, in English.
    await contact.goto(`${app.url}/web/active/invalid?lang=en`);
    await contact.getByRole('heading', { name: 'Invalid link' }).waitFor();
    expect(await languageAndAxe(contact)).toEqual({ lang: 'en', violations: [] });
    await switchTo(contact, 'Español', false);
    await contact.getByRole('heading', { name: 'Token Inválido' }).waitFor();

    // The way out, without taking it.
    await contact.goto(unsubscribe);
    await contact.getByRole('heading', { name: 'Stop getting emails' }).waitFor();
    await contact.getByRole('button', { name: 'Unsubscribe me' }).waitFor();
    expect(await languageAndAxe(contact)).toEqual({ lang: 'en', violations: [] });
    await switchTo(contact, 'Español');
    await contact.getByRole('button', { name: 'Darme de baja' }).waitFor();
    expect(await languageAndAxe(contact)).toEqual({ lang: 'es', violations: [] });
    // Each switch is kept for John: back to English, so the alert below comes in English.
    await switchTo(contact, 'English');
    await contact.getByRole('button', { name: 'Unsubscribe me' }).waitFor();

    // The alert: its e-mail and its 'Lo tengo' page in English.
    await page.goto(`${app.url}/web/home`);
    await sosButton(page).click();
    await page.waitForURL('**/web/active');
    const alert = await waitForMail(app.dataDir, { to: john.email, subject: /^SOS ALERT: Elena idioma is in danger$/ });
    const ack = linkIn(alert.text, /(https?:\/\/\S+\/web\/active\/ack\/\S+)/);
    expect(ack).toMatch(/\?lang=en$/);
    await contact.goto(ack);
    await contact.getByRole('heading', { name: 'Elena idioma needs help' }).waitFor();
    // The zone by its place, as an English reader names it ('New York time', 'universal time'), never 'America/New_York' or 'UTC'.
    await contact.getByText(/\((?!America\/)(?!UTC)[\w .-]* time\)/).waitFor();
    expect(await languageAndAxe(contact)).toEqual({ lang: 'en', violations: [] });
    await switchTo(contact, 'Español');
    await contact.getByRole('heading', { name: 'Elena idioma necesita ayuda' }).waitFor();
    await contact.getByRole('button', { name: 'Lo tengo' }).waitFor();
    expect(await languageAndAxe(contact)).toEqual({ lang: 'es', violations: [] });
    await switchTo(contact, 'English');
    await contact.getByRole('button', { name: 'Got it' }).click();
    await contact.getByText(/^Done: Elena idioma knows you got their alert \(\d{1,2}:\d{2}\s?[AP]M\)\.$/).waitFor();
    expect(await languageAndAxe(contact)).toEqual({ lang: 'en', violations: [] });

    await page.getByRole('button', { name: 'FINALIZAR ALERTA' }).click();
    await waitForMail(app.dataDir, { to: john.email, subject: /^Elena idioma has ended their SOS alert$/ });
    await context.close();
  });
});

describe('the active screen while the SOS waits for signal', () => {
  it('offers WhatsApp to each confirmed contact right under the status and the SMS, and passes axe', async () => {
    const { app, browser } = both;
    const { context, page, contactEmail } = await personWithConfirmedContact(app, browser, 'whatsapp');
    // Home fetches the list again, so this phone knows Jorge confirmed before the signal goes.
    await page.reload();
    await page.getByRole('link', { name: /^Jorge Paz \S+@/ }).waitFor();
    await context.setOffline(true);
    await sosButton(page).click();
    await page.waitForURL('**/web/active');
    await page.getByText(/se enviará automáticamente/).waitFor();
    await page.locator('#splash').waitFor({ state: 'detached' });

    const share = page.getByRole('region', { name: 'Avisa ahora por WhatsApp' });
    const whatsapp = share.getByRole('link', { name: 'Enviar por WhatsApp a Jorge Paz' });
    await whatsapp.waitFor();
    const href = (await whatsapp.getAttribute('href')) ?? '';
    expect(href).toMatch(/^https:\/\/wa\.me\/\d+\?text=/);
    expect(decodeURIComponent(href.slice(href.indexOf('?text=') + 6))).toMatch(
      /^Soy Elena whatsapp\. Estoy en riesgo y necesito ayuda\./,
    );
    // Where the alert stands (said once, first), then the SMS (one tap to every contact), then WhatsApp.
    const top = async (locator: ReturnType<Page['getByRole']>) => (await locator.boundingBox())?.y ?? Infinity;
    const sms = page.getByRole('region', { name: 'Avisa ahora por SMS' });
    expect(await top(page.getByRole('status', { name: 'Estado de tu alerta' }))).toBeLessThan(await top(sms));
    expect(await top(sms)).toBeLessThan(await top(share));
    expect(await axeViolations(page)).toEqual([]);

    await context.setOffline(false);
    await waitForMail(app.dataDir, { to: contactEmail, subject: /ALERTA SOS: Elena whatsapp está en riesgo/ });
    // Sent: the status stays at the top, WhatsApp moves further down.
    await page.getByText(/se enviará automáticamente/).waitFor({ state: 'detached' });
    await page.getByRole('region', { name: 'Avisa también por WhatsApp' }).waitFor();
    await endAlertAndWaitForMail(app, page, contactEmail);
    await context.close();
  });
});
