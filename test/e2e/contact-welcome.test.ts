import { describe, expect, it } from 'vitest';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { invitationTo, phonePage } from '#test/support/browser-flows.ts';
import { seedPerson } from '#test/support/seeded-person.ts';

// A contact accepts from the e-mailed link: the welcome says whose emergency contact they now are,
// by name, from its first frame, and also when the signal goes between the terms and the welcome
// (the terms page already knew the name; nothing more has to come back for the welcome to say it).

const running = appAndChromiumPerFile();

describe.each([
  {
    language: 'es',
    search: '',
    intro: 'Ana María Pérez te agregó como su contacto de emergencia.',
    accept: 'Aceptar',
    heading: '¡Te damos la bienvenida!',
    welcome: [
      'Aceptaste los términos y condiciones, y ahora formas parte de los contactos de emergencia de Ana María Pérez.',
      'Si Ana María Pérez presiona el botón SOS, te avisaremos por correo con la hora y, si la comparte, su ubicación.',
    ],
  },
  {
    language: 'en',
    search: '?lang=en',
    intro: 'Ana María Pérez added you as their emergency contact.',
    accept: 'Accept',
    heading: 'Welcome!',
    welcome: [
      "You accepted the terms and conditions, and you're now one of Ana María Pérez's emergency contacts.",
      "If Ana María Pérez presses the SOS button, we'll email you the time and, if they share it, their location.",
    ],
  },
])('the welcome after a contact accepts ($language)', ({ language, search, intro, accept, heading, welcome }) => {
  it('names the person who added them, even when the page can no longer ask who it is', async () => {
    const { app, browser } = running;
    const contactEmail = `bienvenida-${language}-contacto@example.org`;
    await seedPerson(app, {
      email: `bienvenida-${language}@example.org`,
      firstname: 'Ana María',
      lastname: 'Pérez',
      phone: '+12025550143',
      contact: {
        firstname: 'Jorge',
        lastname: 'Paz',
        email: contactEmail,
        phone: '+13055550100',
        kinship: 'Hermano',
        confirmed: false,
      },
    });
    const invitation = await invitationTo(app, contactEmail);
    const link = /(http:\/\/\S+\/web\/active\/verify\/[A-Za-z0-9_-]+)/.exec(invitation.text)?.[1];
    expect(link).toBeDefined();

    const { context, page } = await phonePage(browser);
    await page.goto(`${link}${search}`);
    await page.getByText(intro, { exact: false }).waitFor();
    // The signal goes: whom the link is about can no longer be asked; the acceptance itself still goes.
    await page.route('**/api/link-person/**', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: accept }).click();
    await page.getByRole('heading', { name: heading }).waitFor();
    const said = await page
      .getByRole('heading', { name: heading })
      .locator('xpath=following-sibling::p')
      .allTextContents();
    expect(said.slice(0, 2)).toEqual(welcome);
    await context.close();
  });
});
