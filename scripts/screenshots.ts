import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { format, resolveConfig } from 'prettier';
import { startApp, type RunningApp } from '#test/support/app-server.ts';
import { fillContactForm, setPinsInBrowser, signUpInBrowser, type EntryScreen } from '#test/support/browser-flows.ts';
import { launchChromium } from '#test/support/chromium.ts';
import { DESK_DESKTOP, DESK_PHONE, walkTheDesk } from '#test/support/desk-walk.ts';
import { waitForMail } from '#test/support/mailbox.ts';
import { enterToHome, seedPerson } from '#test/support/seeded-person.ts';

// A walk through every screen of the person's app and of a contact's pages, as a new user meets
// them on a 360x740 phone in Chromium, then of the firm's desk on a desktop and on a phone, against
// the real server (built first: `npm run build`).
// Writes one PNG a screen to docs/screenshots/ and an index, docs/screenshots/README.md, so a
// person can look at each screen as it is and see what covers what, what is below the fold,
// and whether every screen tells the truth. `npm run screenshots`.

const OUT = path.resolve(import.meta.dirname, '../docs/screenshots');
const VIEWPORT = { width: 360, height: 740 };
/** A phone's touch screen: no pointer hovers, so a pressed button shows as a finger leaves it, not hovered. */
const PHONE = { viewport: VIEWPORT, hasTouch: true, isMobile: true };
const MIAMI = { latitude: 25.7617, longitude: -80.1918 };

type Shot = { name: string; file: string; error?: string };

/** The pictures taken on the way in (signUpInBrowser), each with what it waits for. */
const SIGN_UP_SHOTS: Record<EntryScreen, (page: Page) => [string, () => Promise<unknown>]> = {
  code: (page) => ['Código de acceso', () => page.getByRole('textbox', { name: /dígito 1/i }).waitFor()],
  signup: (page) => ['Crear cuenta', () => page.getByLabel(/nombres/i).waitFor()],
  terms: (page) => [
    'Términos y condiciones (persona)',
    () => page.getByRole('dialog', { name: /términos y condiciones/i }).waitFor(),
  ],
};

/** The alert screen once a contact's e-mail has left: the green 'Alerta enviada a tus contactos'. */
const alertSent = (page: Page) =>
  page
    .getByRole('status', { name: 'Estado de tu alerta' })
    .getByText('Alerta enviada a tus contactos')
    .waitFor({ timeout: 60_000 });

async function main() {
  await rm(OUT, { recursive: true, force: true });
  await mkdir(OUT, { recursive: true });
  const app = await startApp();
  const { browser } = await launchChromium();
  const shots: Shot[] = [];
  try {
    await walk(app, browser, shots);
  } finally {
    await browser.close();
    await app.stop();
  }
  const rows = shots.map(
    (shot) => `| ${shot.name} | ${shot.error ? `not taken: ${shot.error}` : `[${shot.file}](${shot.file})`} |`,
  );
  const index = [
    '# Screenshots: every screen at 360x740, and the desk on a desktop too',
    '',
    'Written by `npm run screenshots` (scripts/screenshots.ts): a new person and their contact walk through',
    "the app in Chromium against the real server, then the firm's staff through the desk (test/support/desk-walk.ts).",
    'Regenerate after changing a screen and look at each one.',
    '',
    '| Screen | File |',
    '| --- | --- |',
    ...rows,
    '',
  ].join('\n');
  // Written as prettier would, so the repository's format check passes on a fresh walk.
  const readme = path.join(OUT, 'README.md');
  await writeFile(readme, await format(index, { ...(await resolveConfig(readme)), parser: 'markdown' }));
  const failed = shots.filter((shot) => shot.error);
  console.log(`${shots.length - failed.length} screenshots in docs/screenshots/, ${failed.length} not taken`);
  if (failed.length > 0) process.exitCode = 1;
}

async function walk(app: RunningApp, browser: Browser, shots: Shot[]) {
  // The person in New York, the contact in Chicago: each page must speak the alert's one clock.
  const context = await browser.newContext({ locale: 'es-US', ...PHONE, timezoneId: 'America/New_York' });
  await context.grantPermissions(['geolocation', 'background-sync'], { origin: app.url });
  await context.setGeolocation(MIAMI);
  const page = await context.newPage();
  let count = 0;

  /** One screen: wait for what proves it is shown, let it settle, take the first screen's worth (or all of it). */
  async function shot(name: string, ready: () => Promise<unknown>, target: Page = page, { fullPage = false } = {}) {
    count += 1;
    const file = `${String(count).padStart(2, '0')}-${name
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')}.png`;
    try {
      await ready();
      // After a load the splash fades out over the screen: the picture is of the screen, not the fade.
      await target.locator('.splash').waitFor({ state: 'detached' });
      await target.evaluate(() => document.fonts.ready);
      await target.screenshot({ path: path.join(OUT, file), fullPage });
      shots.push({ name, file });
    } catch (error) {
      shots.push({ name, file, error: (error as Error).message.split('\n')[0] ?? 'error' });
    }
  }

  const person = { email: 'ana.perez@example.org', firstname: 'Ana María', lastname: 'Pérez' };
  const contact = {
    firstname: 'Jorge',
    lastname: 'Paz',
    email: 'jorge.paz@example.org',
    phone: '3055550100',
    kinship: 'Hermano',
  };

  await page.goto(`${app.url}/web/auth/signin`);
  await shot('Iniciar sesión', () => page.getByRole('button', { name: 'Continuar' }).waitFor());

  await signUpInBrowser(page, app, person, (screen) => shot(...SIGN_UP_SHOTS[screen](page)));
  await shot('Primer contacto', () =>
    page.getByRole('heading', { name: 'Agrega tu primer contacto de emergencia' }).waitFor(),
  );

  await fillContactForm(page, contact);
  await shot('Contacto guardado (felicidades)', () => page.getByRole('dialog', { name: '¡Felicidades!' }).waitFor());
  await page.getByRole('dialog', { name: '¡Felicidades!' }).getByRole('button', { name: 'Ir al inicio' }).click();
  await shot('Compartir las alertas con la firma', () => page.getByRole('button', { name: 'Ahora no' }).waitFor());
  await page.getByRole('button', { name: 'Ahora no' }).click();
  await page.waitForURL('**/web/home');
  await shot('Inicio: nadie confirmó todavía', () =>
    page.getByRole('note', { name: 'Nadie recibirá tu alerta' }).waitFor(),
  );

  await page.getByRole('button', { name: 'Ayuda' }).click();
  await shot('Ayuda', () => page.getByRole('dialog', { name: '¿Cómo funciona?' }).waitFor());
  await page.getByRole('button', { name: 'Salir' }).click();

  await page
    .getByRole('link', { name: /^Jorge Paz/ })
    .first()
    .click();
  await page.waitForURL(/\/web\/contact\/[0-9a-f-]{36}$/);
  await shot('Contacto sin verificar', () => page.getByRole('heading', { name: 'Jorge Paz' }).waitFor());

  // The contact's side, in a browser of their own.
  const theirs = await browser.newContext({ locale: 'es-US', ...PHONE, timezoneId: 'America/Chicago' });
  const contactPage = await theirs.newPage();
  const invitation = await waitForMail(app.dataDir, { to: contact.email, subject: /te agregó como contacto/ });
  const verifyLink = /(http:\/\/\S+\/web\/active\/verify\/[A-Za-z0-9_-]+)/.exec(invitation.text)?.[1] ?? '';
  const unsubscribeLink = /(http:\/\/\S+\/web\/active\/unsubscribe\?token=[A-Za-z0-9_-]+)/.exec(invitation.text)?.[1];
  const contactShot = (name: string, ready: () => Promise<unknown>) => shot(name, ready, contactPage);

  await contactPage.goto(verifyLink);
  await contactShot('Contacto: invitación y términos', () =>
    contactPage.getByRole('dialog', { name: 'Términos y condiciones' }).waitFor(),
  );
  await contactPage.getByRole('button', { name: 'Aceptar' }).click();
  // The welcome names the person (never 'la persona que te agregó' while the name is known).
  await contactShot('Contacto: bienvenida', () =>
    contactPage.getByText(`contactos de emergencia de ${person.firstname} ${person.lastname}.`).waitFor(),
  );
  await contactPage.goto(verifyLink);
  await contactShot('Contacto: invitación ya aceptada', () =>
    contactPage.getByRole('heading', { name: 'Ya aceptaste esta invitación' }).waitFor(),
  );
  if (unsubscribeLink) {
    await contactPage.goto(unsubscribeLink);
    await contactShot('Contacto: dejar de recibir correos', () =>
      contactPage.getByRole('heading', { name: 'Dejar de recibir correos' }).waitFor(),
    );
  }
  await contactPage.goto(`${app.url}/web/active/invalid`);
  await contactShot('Contacto: enlace no válido', () => contactPage.getByRole('heading').first().waitFor());
  await contactPage.getByRole('link', { name: 'Términos y condiciones' }).click();
  await contactShot('Contacto: términos y condiciones', () =>
    contactPage.getByRole('heading', { level: 1, name: 'Términos y condiciones' }).waitFor(),
  );

  await page.goto(`${app.url}/web/home`);
  await shot('Inicio: contacto confirmado', () =>
    page.getByRole('button', { name: 'SOS: avisar a mis contactos' }).waitFor(),
  );
  await page
    .getByRole('link', { name: /^Jorge Paz/ })
    .first()
    .click();
  await shot('Contacto verificado', () =>
    page.getByText('¡Todo está listo! Este contacto está verificado y listo para recibir tus alertas.').waitFor(),
  );
  await page.goto(`${app.url}/web/contact`);
  await shot('Agregar contacto', () => page.getByRole('button', { name: 'Guardar contacto' }).waitFor());
  await page.getByRole('button', { name: 'Guardar contacto' }).click();
  await shot('Agregar contacto: errores', () =>
    page
      .getByText(/obligatorio|Escribe/)
      .first()
      .waitFor(),
  );

  await page.goto(`${app.url}/web/check-in`);
  await shot('Avísales si no vuelvo', () => page.getByRole('heading').first().waitFor());
  await page.goto(`${app.url}/web/practice`);
  await shot('Probar alerta', () => page.getByRole('heading').first().waitFor());
  await page.goto(`${app.url}/web/profile`);
  await shot('Perfil', () => page.getByRole('heading').first().waitFor());

  await page.goto(`${app.url}/web/home`);
  await page.getByRole('button', { name: 'SOS: avisar a mis contactos' }).click();
  await page.waitForURL('**/web/active');
  await shot('Alerta activa', () => alertSent(page));
  const alertMail = await waitForMail(app.dataDir, { to: contact.email, subject: /ALERTA SOS/ });
  const ackLink = /(http:\/\/\S+\/web\/active\/ack\/[A-Za-z0-9_-]+)/.exec(alertMail.text)?.[1] ?? '';
  await contactPage.goto(ackLink);
  await contactShot('Contacto: Lo tengo', () => contactPage.getByRole('button', { name: 'Lo tengo' }).waitFor());
  await contactPage.getByRole('button', { name: 'Lo tengo' }).click();
  await contactShot('Contacto: Lo tengo, enviado', () =>
    contactPage.getByText(/ya sabe que recibiste su alerta/).waitFor(),
  );
  await page.reload();
  await shot('Alerta activa: contacto respondió', async () => {
    await alertSent(page);
    // Said in the status and in the list: the list's line is the last to come.
    await page
      .getByRole('region', { name: 'A quién llegó tu alerta' })
      .getByText(/^Recibida por Jorge Paz/)
      .waitFor({ timeout: 30_000 });
  });
  await page.getByRole('button', { name: 'FINALIZAR ALERTA' }).click();
  await page.waitForURL('**/web/home');
  await shot('Inicio tras finalizar', () =>
    page.getByRole('button', { name: 'SOS: avisar a mis contactos' }).waitFor(),
  );

  await context.setOffline(true);
  await page.getByRole('button', { name: 'SOS: avisar a mis contactos' }).click();
  await page.waitForURL('**/web/active');
  await shot('Alerta sin conexión', () => page.getByText(/se enviará automáticamente/).waitFor());
  await context.setOffline(false);
  // What the name says: the green 'Alerta enviada', not the moment between ('Estamos enviando el correo…').
  await shot('Alerta enviada al volver la conexión', () => alertSent(page));
  await page.getByRole('button', { name: 'FINALIZAR ALERTA' }).click();
  await page.waitForURL('**/web/home');

  await theirs.close();
  await context.close();

  // The firm's desk: each screen whole, on a desktop and on a phone (staff on call carry phones).
  try {
    await walkTheDesk(app, browser, async (screen, deskPage) => {
      for (const [size, viewport] of [
        ['ordenador', DESK_DESKTOP],
        ['teléfono', DESK_PHONE],
      ] as const) {
        await deskPage.setViewportSize(viewport);
        await shot(`${screen} (${size})`, () => deskPage.evaluate(() => document.fonts.ready), deskPage, {
          fullPage: true,
        });
      }
      await deskPage.setViewportSize(DESK_DESKTOP);
    });
  } catch (error) {
    shots.push({ name: 'Escritorio', file: '', error: (error as Error).message.split('\n')[0] ?? 'error' });
  }

  // Last, so the numbers above stay: the alert screen of a person with five contacts, each confirmed.
  const five = await browser.newContext({ locale: 'es-US', ...PHONE, timezoneId: 'America/New_York' });
  await five.grantPermissions(['geolocation', 'background-sync'], { origin: app.url });
  await five.setGeolocation(MIAMI);
  const fivePage = await five.newPage();
  const [first, ...more] = ['Jorge Paz', 'Ana Vega', 'Luis Mora', 'Rosa Díaz', 'Pedro Ruiz'].map((name, index) => {
    const [firstname = '', lastname = ''] = name.split(' ');
    return {
      firstname,
      lastname,
      email: `cinco-${firstname.toLowerCase()}@example.org`,
      phone: `+1305555020${index}`,
      kinship: 'Primo',
    };
  });
  await seedPerson(app, {
    email: 'lucia.cinco@example.org',
    firstname: 'Lucía',
    lastname: 'Gómez',
    phone: '+12025550177',
    contact: first,
    moreContacts: more,
  });
  await enterToHome(fivePage, app, 'lucia.cinco@example.org');
  await fivePage.getByRole('button', { name: 'SOS: avisar a mis contactos' }).click();
  await fivePage.waitForURL('**/web/active');
  await shot(
    'Alerta activa: cinco contactos',
    async () => {
      await alertSent(fivePage);
      await fivePage.waitForFunction(() => document.querySelectorAll('.delivery__item').length === 5);
      await fivePage.getByText('Tu ubicación va en el SMS.').waitFor();
    },
    fivePage,
  );
  await fivePage.getByRole('button', { name: 'FINALIZAR ALERTA' }).click();
  await fivePage.waitForURL('**/web/home');

  // The same person's other screens, after the ones above so their numbers stay: a practice sent, the
  // PINs and 'Si me detienen' in profile, a running check-in and its extension, the PIN asked before
  // FINALIZAR ALERTA, and signing out.
  const fiveShot = (name: string, ready: () => Promise<unknown>) => shot(name, ready, fivePage);
  await fivePage.goto(`${app.url}/web/practice`);
  await fivePage.getByRole('button', { name: 'Enviar alerta de prueba' }).click();
  await fiveShot('Probar alerta: enviada', () =>
    fivePage
      .getByRole('region', { name: 'A quién llegó tu prueba' })
      .getByText(/Jorge Paz/)
      .waitFor({ timeout: 30_000 }),
  );
  await fivePage.goto(`${app.url}/web/home`);
  const pins = await setPinsInBrowser(fivePage, '2468', '1357');
  // Each section from its heading, as a person scrolling down the profile meets it.
  await fiveShot('Perfil: PIN guardado', () =>
    pins.getByRole('heading', { name: 'PIN para cerrar avisos y alertas' }).scrollIntoViewIfNeeded(),
  );
  await fivePage.getByRole('button', { name: 'Cerrar aviso' }).click();
  await fiveShot('Perfil: si me detienen', () =>
    fivePage.getByRole('heading', { name: 'Si me detienen' }).scrollIntoViewIfNeeded(),
  );

  await fivePage.goto(`${app.url}/web/home`);
  await fivePage.getByRole('link', { name: 'Avísales si no vuelvo' }).click();
  await fivePage.getByRole('radio', { name: 'Cita de inmigración' }).check();
  await fivePage.getByRole('radio', { name: '1 hora' }).check();
  await fivePage.getByRole('button', { name: 'Activar aviso' }).click();
  const running = fivePage.getByRole('region', { name: 'Aviso en curso' });
  await fiveShot('Inicio: aviso en curso', () => running.getByRole('button', { name: 'Estoy bien' }).waitFor());
  await running.getByRole('button', { name: 'Necesito más tiempo' }).click();
  await fiveShot('Aviso en curso: necesito más tiempo', () =>
    running.getByRole('button', { name: 'Guardar nueva hora' }).scrollIntoViewIfNeeded(),
  );

  await fivePage.getByRole('button', { name: 'SOS: avisar a mis contactos' }).click();
  await fivePage.waitForURL('**/web/active');
  await alertSent(fivePage);
  await fivePage.getByRole('button', { name: 'FINALIZAR ALERTA' }).click();
  const askPin = fivePage.getByRole('alertdialog', { name: 'Escribe tu PIN para finalizar la alerta' });
  await fiveShot('Finalizar alerta: PIN', () => askPin.waitFor());
  await askPin.getByLabel('PIN de 4 números').fill('2468');
  await askPin.getByRole('button', { name: 'Confirmar' }).click();
  await fivePage.waitForURL('**/web/home');

  await fivePage.goto(`${app.url}/web/profile`);
  await fivePage.getByRole('region', { name: 'Cerrar sesión' }).getByRole('button', { name: 'Cerrar sesión' }).click();
  const leave = fivePage.getByRole('alertdialog', { name: '¿Cerrar sesión en este teléfono?' });
  await fiveShot('Cerrar sesión: confirmar', () => leave.waitFor());
  await leave.getByRole('button', { name: 'Sí, cerrar sesión' }).click();
  await fivePage.waitForURL('**/web/auth/signin');
  await fiveShot('Sesión cerrada', () => fivePage.getByRole('button', { name: 'Continuar' }).waitFor());
  await five.close();
}

await main();
