import { appendFile, cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, it, type ExpectStatic } from 'vitest';
import { APP_NAME } from '#shared/constants.ts';
import { axeViolations, movingElements, smallTargets, smallText } from '#test/support/accessibility-checks.ts';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import {
  fillContactForm,
  goHomeAfterFirstContact,
  goHomeWithoutContacts,
  signUpInBrowser,
} from '#test/support/browser-flows.ts';
import { codeFrom, waitForMail, type ReceivedMail } from '#test/support/mailbox.ts';
import { enterToHome, seedPerson } from '#test/support/seeded-person.ts';
import { MIAMI, sosButton } from '#test/support/sos-flows.ts';
import { controlledByWorker } from '#test/support/service-worker.ts';
import { resizeTo } from '#test/support/viewport.ts';

// DESIGN.md section 6: axe-core finds nothing on any screen, in a
// real Chromium against the real server, and every screen keeps the house rules
// axe has no rule for. Each test brings its own people (one with a contact,
// one on an iPhone with none, a contact who opens the e-mails), so any of them
// runs alone.

const root = path.resolve(import.meta.dirname, '../..');
const SCREENSHOT = path.join(root, 'artifacts/home-360x740.png');
const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let buildCopy: string;
const checked: string[] = [];

const running = appAndChromiumPerFile(async () => {
  // A copy of build/ (BUILD_DIR): the last test publishes a new version in it, as a deploy would.
  buildCopy = await mkdtemp(path.join(tmpdir(), 'sos-a11y-build-'));
  await cp(path.join(root, 'build'), buildCopy, { recursive: true });
  return { BUILD_DIR: buildCopy, CHAT_URL: 'https://wa.me/15555550100' };
});

afterAll(async () => {
  console.log(`Screens axe checked (${checked.length}):\n- ${checked.join('\n- ')}`);
  if (buildCopy) await rm(buildCopy, { recursive: true, force: true });
});

/** A phone that asks for reduced motion, so nothing may move. */
async function newPhone(
  options: Parameters<Browser['newContext']>[0] = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await running.browser.newContext({
    locale: 'es-US',
    viewport: { width: 390, height: 844 },
    reducedMotion: 'reduce',
    ...options,
  });
  return { context, page: await context.newPage() };
}

type PersonOnHome = { context: BrowserContext; page: Page; contactEmail: string; invitation: ReceivedMail };

/**
 * A new person on home with one contact, Jorge Paz, whose invitation is returned; `confirmed`: he
 * accepted it, by its link. Made through the API as the screens make them (the first test here
 * checks those screens, and test/e2e/sign-up-and-sign-in.test.ts walks them), then entered on this
 * phone with the e-mailed code. The page is controlled by the service worker, with the position known.
 */
async function personOnHome(tag: string, { confirmed = true } = {}): Promise<PersonOnHome> {
  const { context, page } = await newPhone();
  await context.grantPermissions(['geolocation'], { origin: running.app.url });
  await context.setGeolocation(MIAMI);
  const email = `${tag}@example.org`;
  const contactEmail = `${tag}-contacto@example.org`;
  await seedPerson(running.app, {
    email,
    firstname: 'Lucía',
    lastname: 'Accesible',
    phone: '+12025550143',
    contact: {
      firstname: 'Jorge',
      lastname: 'Paz',
      email: contactEmail,
      phone: '+13055550100',
      kinship: 'Hermano',
      confirmed,
    },
  });
  const invitation = await waitForMail(running.app.dataDir, {
    to: contactEmail,
    subject: /te agregó como contacto de emergencia/,
  });
  await enterToHome(page, running.app, email);
  await controlledByWorker(page);
  return { context, page, contactEmail, invitation };
}

function linkIn(mail: ReceivedMail, pattern: RegExp): string {
  const link = pattern.exec(mail.text)?.[1];
  if (!link) throw new Error(`No link like ${pattern} in "${mail.subject}"`);
  return link;
}

/** The page's title once it is `expected` (the router sets it once the screen is resolved), else as it stayed. */
async function titleOf(page: Page, expected: string): Promise<string> {
  await page.waitForFunction((title) => document.title === title, expected, { timeout: 30_000 }).catch(() => undefined);
  return page.title();
}

/**
 * Everything measured on the screen as it is now. Soft: one run lists every
 * problem of every screen, each with the rule, the element and what to fix.
 */
async function checkScreen(expect: ExpectStatic, page: Page, name: string, title: string) {
  await page.locator('#splash').waitFor({ state: 'detached' });
  expect.soft(await titleOf(page, `${title} · ${APP_NAME}`), `${name}: document.title`).toBe(`${title} · ${APP_NAME}`);
  expect.soft(await page.locator('html').getAttribute('lang'), `${name}: lang`).toBe('es');
  expect.soft(await axeViolations(page), `${name}: axe-core violations`).toEqual([]);
  expect.soft(await smallText(page), `${name}: text under 16 px`).toEqual([]);
  expect.soft(await movingElements(page), `${name}: motion despite prefers-reduced-motion`).toEqual([]);
  checked.push(name);
}

// Each screen's test has its own people and phones: they run side by side, in one Chromium and
// against one server, mostly waiting on e-mails, the service worker and axe in their own pages.
// The longest walk through up to six screens in turn, with e-mails between them: more waits than the
// e2e project's limit allows for. Alone they take under a minute; beside the other browser files of
// a CI on a busy machine they took 130 s, and once more than 180 s (that limit), four at once.
describe.concurrent('accessibility of every screen', { timeout: 420_000 }, () => {
  it('signin, verify, signup, the terms and the first contact', async ({ expect }) => {
    const { context, page } = await newPhone();
    await context.grantPermissions(['geolocation'], { origin: running.app.url });
    await context.setGeolocation(MIAMI);
    const email = 'accesible@example.org';

    await page.goto(`${running.app.url}/web/auth/signin`);
    await page.getByLabel(/correo/i).waitFor();
    await checkScreen(expect, page, 'signin', 'Iniciar sesión');
    // Installed now: home, once it has room, says once that the app works offline.
    await controlledByWorker(page);

    await page.getByLabel(/correo/i).fill(email);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL('**/web/auth/verify');
    await page.getByRole('textbox', { name: /dígito 1/i }).waitFor();
    await checkScreen(expect, page, 'verify', 'Verificar código');

    const code = codeFrom(await waitForMail(running.app.dataDir, { to: email, subject: /Tu código de acceso/ }));
    await page.getByRole('textbox', { name: /dígito 1/i }).click();
    await page.keyboard.type(code);
    await page.waitForURL('**/web/auth/signup');
    await page.getByLabel(/nombres/i).waitFor();
    await checkScreen(expect, page, 'signup', 'Registro');

    await page.getByLabel(/nombres/i).fill('Lucía');
    await page.getByLabel(/apellidos/i).fill('Accesible');
    await page.getByRole('textbox', { name: 'Teléfono' }).fill('2025550143');
    await page.getByRole('button', { name: /términos y condiciones/i }).click();
    const terms = page.getByRole('dialog', { name: /términos y condiciones/i });
    await terms.waitFor();
    await checkScreen(expect, page, 'terms and conditions (from signup)', 'Registro');
    // The form under the terms is hidden: Tab never takes the focus there, whichever way it goes.
    for (const key of ['Tab', 'Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      expect(await terms.evaluate((dialog) => dialog.contains(document.activeElement)), key).toBe(true);
    }
    await terms.getByRole('button', { name: 'Aceptar' }).click();
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.waitForURL('**/web/auth/contacts');
    await page.getByRole('heading', { name: 'Agrega tu primer contacto de emergencia' }).waitFor();
    await checkScreen(expect, page, 'first contact', 'Primer contacto');

    await fillContactForm(page, {
      firstname: 'Jorge',
      lastname: 'Paz',
      email: 'accesible-contacto@example.org',
      phone: '3055550100',
      kinship: 'Hermano',
    });
    const congratulations = page.getByRole('dialog', { name: '¡Felicidades!' });
    await congratulations.waitFor();
    await checkScreen(expect, page, 'first contact: ¡Felicidades! dialog', 'Primer contacto');
    await goHomeAfterFirstContact(page, {
      onOffer: () =>
        checkScreen(expect, page, 'first contact: the offer to share alerts with the firm', 'Primer contacto'),
    });

    // Jorge confirms; home sees it, and back on home from another screen says once that the app works offline.
    const invitation = await waitForMail(running.app.dataDir, {
      to: 'accesible-contacto@example.org',
      subject: /te agregó como contacto/,
    });
    const accepted = await fetch(
      `${running.app.url}/api/verify-contact/${linkIn(invitation, /\/web\/active\/verify\/([A-Za-z0-9_-]+)/)}`,
    );
    expect(accepted.status).toBe(200);
    await page.getByRole('note', { name: 'Nadie recibirá tu alerta' }).waitFor({ state: 'detached', timeout: 30_000 });
    const nav = page.getByRole('navigation', { name: 'Navegación principal' });
    await nav.getByRole('link', { name: 'Perfil' }).click();
    await page.waitForURL('**/web/profile');
    await nav.getByRole('link', { name: 'Inicio' }).click();
    await page.waitForURL('**/web/home');
    // Whether 'Listo: la aplicación ya funciona sin conexión' shows here depends on when the install
    // finished (offline-ready-line.test.ts waits for it and follows the line through every screen).
    await sosButton(page).waitFor();
    await checkScreen(expect, page, 'home, back from the profile', 'Inicio');
    await context.close();
  });

  it("the contact's screens: confirmation with the terms, accept, invalid link and unsubscribe", async ({ expect }) => {
    const person = await personOnHome('a11y-invitado', { confirmed: false });
    await person.context.close();
    const verifyUrl = linkIn(person.invitation, /(\S+\/web\/active\/verify\/[A-Za-z0-9_-]+)/);
    const unsubscribeUrl = linkIn(person.invitation, /(\S+\/web\/active\/unsubscribe\?token=[A-Za-z0-9_-]+)/);
    const { context, page } = await newPhone();

    await page.goto(verifyUrl);
    const terms = page.getByRole('dialog', { name: /términos y condiciones/i });
    await terms.waitFor();
    await checkScreen(expect, page, 'contact confirmation (terms, from the e-mail)', 'Confirmar contacto');
    await terms.getByRole('button', { name: 'Aceptar' }).click();
    await page.waitForURL(/\/web\/active\/accept(\?token=[A-Za-z0-9_-]+)?$/);
    await page.getByRole('heading', { name: '¡Te damos la bienvenida!' }).waitFor();
    await checkScreen(expect, page, 'accept', 'Te damos la bienvenida');

    await page.goto(verifyUrl);
    await page.getByRole('heading', { name: 'Ya aceptaste esta invitación' }).waitFor();
    await checkScreen(expect, page, 'invitation already accepted', 'Confirmar contacto');

    await page.goto(`${running.app.url}/web/active/invalid`);
    await page.getByRole('heading', { name: 'Token Inválido' }).waitFor();
    await checkScreen(expect, page, 'invalid', 'Token Inválido');

    await page.goto(unsubscribeUrl);
    await page.getByRole('button', { name: 'Darme de baja' }).waitFor();
    await checkScreen(expect, page, 'unsubscribe', 'Baja de correos');
    await context.close();
  });

  it('home with a contact (and its 360x740 screenshot), help, contact detail, add contact, profile, offline banner', async ({
    expect,
  }) => {
    const { context, page } = await personOnHome('a11y-inicio');
    // Home as it opens again, with the contact's confirmation asked of the server.
    await page.reload();
    await page.getByRole('link', { name: /Jorge Paz.*Verificado/ }).waitFor();
    await page.getByText('Tu ubicación se enviará con tu alerta.').waitFor();
    await checkScreen(expect, page, 'home with contacts', 'Inicio');
    expect(await smallTargets(page), 'home: targets under 48 px').toEqual([]);

    await resizeTo(page, { width: 360, height: 740 });
    await mkdir(path.dirname(SCREENSHOT), { recursive: true });
    await page.screenshot({ path: SCREENSHOT });
    console.log(`Home at 360x740: ${SCREENSHOT}`);
    await resizeTo(page, { width: 390, height: 844 });

    await page.getByRole('button', { name: 'Ayuda' }).click();
    const help = page.getByRole('dialog', { name: '¿Cómo funciona?' });
    await help.waitFor();
    await expect
      .poll(() =>
        help.getByRole('img').evaluateAll((images) => images.every((image) => (image as HTMLImageElement).complete)),
      )
      .toBe(true);
    await checkScreen(expect, page, 'help overlay', 'Inicio');
    await help.getByRole('button', { name: 'Salir' }).click();
    await help.waitFor({ state: 'detached' });

    await page.getByRole('link', { name: /^Jorge Paz \S+@/ }).click();
    await page.waitForURL('**/web/contact/*');
    await page.getByRole('heading', { name: 'Jorge Paz' }).waitFor();
    await checkScreen(expect, page, 'contact detail', 'Contacto');
    await page.getByRole('button', { name: 'Eliminar contacto' }).click();
    const question = page.getByRole('alertdialog', { name: '¿Eliminar a Jorge Paz?' });
    await question.waitFor();
    await checkScreen(expect, page, 'contact detail: deletion question', 'Contacto');
    await question.getByRole('button', { name: 'Cancelar' }).click();

    await page
      .getByRole('navigation', { name: 'Navegación principal' })
      .getByRole('link', { name: 'Agregar Contacto' })
      .click();
    await page.waitForURL('**/web/contact');
    await page.getByLabel('Parentesco').waitFor();
    await checkScreen(expect, page, 'contact add', 'Agregar Contacto');

    await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Perfil' }).click();
    await page.waitForURL('**/web/profile');
    // The profile form and 'Si me detienen' below it, both loaded before the check.
    await page.getByRole('button', { name: 'Guardar cambios' }).waitFor();
    await page.getByRole('button', { name: 'Guardar información' }).waitFor();
    await checkScreen(expect, page, 'profile', 'Perfil');

    await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Inicio' }).click();
    await page.waitForURL('**/web/home');
    await controlledByWorker(page);
    await context.setOffline(true);
    await page.getByRole('status', { name: 'Estado de la conexión' }).waitFor();
    await checkScreen(expect, page, 'home with the offline banner', 'Inicio');
    await context.setOffline(false);
    await page.getByRole('status', { name: 'Estado de la conexión' }).waitFor({ state: 'detached' });
    await context.close();
  });

  it("the active alert screen with its delivery list, and the contact's 'Lo tengo' page", async ({ expect }) => {
    const { context, page, contactEmail } = await personOnHome('a11y-activa');
    await page.reload();
    await page.getByRole('link', { name: /Jorge Paz.*Verificado/ }).waitFor();
    await sosButton(page).click();
    await page.waitForURL('**/web/active');
    await page.getByRole('button', { name: 'FINALIZAR ALERTA' }).waitFor();
    const alert = await waitForMail(running.app.dataDir, { to: contactEmail, subject: /está en riesgo/ });
    const deliveries = page.getByRole('region', { name: 'A quién llegó tu alerta' });
    await deliveries.getByText(/^Enviada a Jorge Paz/).waitFor({ timeout: 30_000 });
    await checkScreen(expect, page, 'active, with its delivery list', 'Alerta activa');

    const ackUrl = linkIn(alert, /(\S+\/web\/active\/ack\/[A-Za-z0-9_-]+)/);
    const { context: contactPhone, page: ackPage } = await newPhone();
    await ackPage.goto(ackUrl);
    await ackPage.getByRole('button', { name: 'Lo tengo' }).waitFor();
    await checkScreen(expect, ackPage, "'Lo tengo' (from the alert e-mail)", 'Lo tengo');
    await ackPage.getByRole('button', { name: 'Lo tengo' }).click();
    await ackPage.getByText(/ya sabe que recibiste su alerta/).waitFor();
    await checkScreen(expect, ackPage, "'Lo tengo': acknowledged", 'Lo tengo');
    await contactPhone.close();

    await deliveries.getByText(/^Recibida por Jorge Paz/).waitFor({ timeout: 30_000 });
    await checkScreen(expect, page, 'active, a contact acknowledged', 'Alerta activa');
    await page.getByRole('button', { name: 'FINALIZAR ALERTA' }).click();
    await page.waitForURL('**/web/home');
    await context.close();
  });

  it("the practice screen, before and after 'Enviar alerta de prueba'", async ({ expect }) => {
    const { context, page } = await personOnHome('a11y-prueba');
    await page.getByRole('link', { name: 'Probar alerta' }).click();
    await page.waitForURL('**/web/practice');
    await page.getByRole('button', { name: 'Enviar alerta de prueba' }).waitFor();
    await checkScreen(expect, page, 'practice', 'Alerta de prueba');
    await page.getByRole('button', { name: 'Enviar alerta de prueba' }).click();
    await page
      .getByRole('region', { name: 'A quién llegó tu prueba' })
      .getByText(/Jorge Paz/)
      .waitFor({ timeout: 30_000 });
    await checkScreen(expect, page, 'practice: sent, with its delivery list', 'Alerta de prueba');
    await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Inicio' }).click();
    await page.waitForURL('**/web/home');
    await context.close();
  });

  it("the contact's unsubscribe confirmation", async ({ expect }) => {
    const person = await personOnHome('a11y-baja');
    await person.context.close();
    const { context, page } = await newPhone();
    await page.goto(linkIn(person.invitation, /(\S+\/web\/active\/unsubscribe\?token=[A-Za-z0-9_-]+)/));
    await page.getByRole('button', { name: 'Darme de baja' }).click();
    await page.getByRole('heading', { name: 'Baja confirmada' }).waitFor();
    await checkScreen(expect, page, 'unsubscribe: confirmed', 'Baja de correos');
    await context.close();
  });

  it('home without contacts, on an iPhone, and its install guide', async ({ expect }) => {
    const { context, page } = await newPhone({ userAgent: IPHONE_SAFARI, isMobile: true, hasTouch: true });
    await signUpInBrowser(page, running.app, {
      email: 'sin-contactos@example.org',
      firstname: 'Rosa',
      lastname: 'Sola',
    });
    await goHomeWithoutContacts(page, () =>
      checkScreen(expect, page, 'first contact: no-contacts question', 'Primer contacto'),
    );
    await page.getByText('No tienes contactos de emergencia registrados').waitFor();
    await page.getByRole('button', { name: 'Instalar la aplicación' }).waitFor();
    await checkScreen(expect, page, 'home without contacts (iPhone)', 'Inicio');
    expect(await smallTargets(page), 'home without contacts: targets under 48 px').toEqual([]);

    await page.getByRole('button', { name: 'Instalar la aplicación' }).click();
    const guide = page.getByRole('dialog', { name: 'Instala la aplicación en tu iPhone o iPad' });
    await guide.waitFor();
    await expect
      .poll(() =>
        guide.getByRole('img').evaluateAll((images) => images.every((image) => (image as HTMLImageElement).complete)),
      )
      .toBe(true);
    await checkScreen(expect, page, 'install-help overlay', 'Inicio');
    await context.close();
  });

  it('the 404 page and /unauthorized', async ({ expect }) => {
    const { context, page } = await newPhone();
    await page.goto(`${running.app.url}/web/no-existe`);
    await page.getByRole('heading', { name: /Página No Encontrada/ }).waitFor();
    await checkScreen(expect, page, '404', 'Página No Encontrada');

    await page.goto(`${running.app.url}/unauthorized`);
    await page.getByRole('heading', { name: 'Acceso Denegado' }).waitFor();
    await checkScreen(expect, page, 'unauthorized', 'Acceso Denegado');
    await context.close();
  });
});

// After every other screen: the release it publishes in build/ reaches every page of the server.
describe("accessibility of the new version's notice", () => {
  it("home with 'Nueva versión disponible'", async ({ expect }) => {
    const { context, page } = await personOnHome('a11y-version');
    // The release: sw.js changes by a byte, and opening the app again finds it.
    await appendFile(path.join(buildCopy, 'sw.js'), '\n;// a new version\n');
    await page.reload();
    await page.getByRole('status', { name: 'Nueva versión disponible' }).waitFor();
    await checkScreen(expect, page, "home with 'Nueva versión disponible'", 'Inicio');
    await context.close();
  });
});
