import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import type { RunningApp } from './app-server.ts';
import { codeFrom, readMailbox, waitForMail, type ReceivedMail } from './mailbox.ts';

/** A phone-sized page in Spanish (390x844 unless `viewport` says otherwise) that records every address it fetches. */
export async function phonePage(
  browser: Browser,
  options: Pick<BrowserContextOptions, 'serviceWorkers' | 'viewport' | 'reducedMotion'> = {},
): Promise<{ context: BrowserContext; page: Page; fetched: string[] }> {
  const context = await browser.newContext({ locale: 'es-US', viewport: { width: 390, height: 844 }, ...options });
  const fetched: string[] = [];
  context.on('request', (request) => fetched.push(request.url()));
  return { context, page: await context.newPage(), fetched };
}

/** The page in a time zone of its own (a page's clock is the browser's: the desk's, the client's). */
export async function inTimeZone(page: Page, timezoneId: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setTimezoneOverride', { timezoneId });
}

/** A screen on the way in where a walk may stop to look (scripts/screenshots.ts takes its picture). */
export type EntryScreen = 'code' | 'signup' | 'terms';
type AtScreen = (screen: EntryScreen) => Promise<unknown>;

/**
 * Signin with the e-mail, then the code from the `.eml` the server wrote, typed into the first box.
 * A page already on signin stays the same document (what it held in memory is kept).
 */
export async function enterWithEmailedCode(
  page: Page,
  app: RunningApp,
  email: string,
  atScreen?: AtScreen,
): Promise<string> {
  const before = (await readMailbox(app.dataDir)).length;
  if (new URL(page.url()).pathname !== '/web/auth/signin') await page.goto(`${app.url}/web/auth/signin`);
  await page.getByLabel(/correo/i).fill(email);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.waitForURL('**/web/auth/verify');
  await atScreen?.('code');
  const code = codeFrom(await waitForMail(app.dataDir, { to: email, subject: /Tu código de acceso/, after: before }));
  await page.getByRole('textbox', { name: /dígito 1/i }).click();
  await page.keyboard.type(code);
  return code;
}

/** A new person from signin to the first-contact screen; `atScreen` is told each screen on the way. */
export async function signUpInBrowser(
  page: Page,
  app: RunningApp,
  person: { email: string; firstname: string; lastname: string },
  atScreen?: AtScreen,
) {
  await enterWithEmailedCode(page, app, person.email, atScreen);
  await page.waitForURL('**/web/auth/signup');
  await atScreen?.('signup');
  await page.getByLabel(/nombres/i).fill(person.firstname);
  await page.getByLabel(/apellidos/i).fill(person.lastname);
  await page.getByRole('textbox', { name: 'Teléfono' }).fill('2025550143');
  await page.getByRole('button', { name: /términos y condiciones/i }).click();
  await atScreen?.('terms');
  await page
    .getByRole('dialog', { name: /términos y condiciones/i })
    .getByRole('button', { name: 'Aceptar' })
    .click();
  await page.getByRole('button', { name: /registr|crear cuenta/i }).click();
  await page.waitForURL('**/web/auth/contacts');
  // The URL changes before the new screen's chunk has loaded, and the sign-up form, still shown until
  // then, has fields named 'Nombres' and 'Apellidos' too: typing into those was lost with that screen.
  await page.getByRole('heading', { name: 'Agrega tu primer contacto de emergencia' }).waitFor();
}

export type ContactFields = { firstname: string; lastname: string; email: string; phone: string; kinship: string };

/** Fills the contact form (first contact or add contact) and saves it. */
export async function fillContactForm(page: Page, contact: ContactFields) {
  await page.getByLabel('Nombres').fill(contact.firstname);
  await page.getByLabel('Apellidos').fill(contact.lastname);
  await page.getByLabel('Correo electrónico').fill(contact.email);
  await page.getByRole('textbox', { name: 'Teléfono' }).fill(contact.phone);
  await page.getByLabel('Parentesco').selectOption(contact.kinship);
  await page.getByRole('button', { name: 'Guardar contacto' }).click();
}

/** 'Cerrar sesión' lives on the profile, behind a question: the whole way a person signs out. */
export async function signOutInBrowser(page: Page) {
  await page.getByRole('link', { name: 'Perfil' }).click();
  await page.getByRole('region', { name: 'Cerrar sesión' }).getByRole('button', { name: 'Cerrar sesión' }).click();
  await page
    .getByRole('alertdialog', { name: '¿Cerrar sesión en este teléfono?' })
    .getByRole('button', { name: 'Sí, cerrar sesión' })
    .click();
  await page.waitForURL('**/web/auth/signin');
}

/** Both PINs set on the profile screen, as a person does it; ends on the profile with the saved notice. */
export async function setPinsInBrowser(page: Page, pin: string, duressPin: string) {
  await page.getByRole('link', { name: 'Perfil' }).click();
  const pins = page.getByRole('region', { name: 'PIN para cerrar avisos y alertas' });
  await pins.getByLabel('PIN para cerrar').fill(pin);
  await pins.getByLabel('PIN de emergencia (bajo presión)').fill(duressPin);
  await pins.getByRole('button', { name: 'Guardar PIN' }).click();
  await pins.getByText('Tienes PIN. La app lo pide antes de «Estoy bien» y de FINALIZAR ALERTA.').waitFor();
  return pins;
}

/**
 * From the first contact's '¡Felicidades!' to home: 'Ir al inicio', then the one offer to share alerts
 * with the firm, answered 'Ahora no' (or 'Sí, compartir' with `share`). `onOffer` runs while the offer shows.
 */
export async function goHomeAfterFirstContact(
  page: Page,
  { share = false, onOffer }: { share?: boolean; onOffer?: () => Promise<void> } = {},
): Promise<void> {
  await page.getByRole('dialog', { name: '¡Felicidades!' }).getByRole('button', { name: 'Ir al inicio' }).click();
  const answer = page.getByRole('button', { name: share ? 'Sí, compartir' : 'Ahora no' });
  await answer.waitFor();
  await onOffer?.();
  await answer.click();
  await page.waitForURL('**/web/home');
}

/** The contact's invitation e-mail, once it came. */
export const invitationTo = (app: RunningApp, contactEmail: string): Promise<ReceivedMail> =>
  waitForMail(app.dataDir, { to: contactEmail, subject: /te agregó como contacto de emergencia/ });

/** The contact opens the link of their invitation e-mail and accepts; resolves with that e-mail. */
export async function acceptInvitation(app: RunningApp, contactEmail: string): Promise<ReceivedMail> {
  const invitation = await invitationTo(app, contactEmail);
  const token = /\/web\/active\/verify\/([A-Za-z0-9_-]+)/.exec(invitation.text)?.[1];
  const accepted = await fetch(`${app.url}/api/verify-contact/${token}`);
  if (accepted.status !== 200) throw new Error(`The contact's acceptance link answered ${accepted.status}`);
  return invitation;
}

/** From the first-contact screen to home with no contacts: the question, 'Continuar', then 'Ahora no' to the firm's offer. */
export async function goHomeWithoutContacts(page: Page, onQuestion?: () => Promise<void>): Promise<void> {
  await page.getByRole('button', { name: 'No tengo contactos de emergencia' }).click();
  const question = page.getByRole('alertdialog');
  await question.waitFor();
  await onQuestion?.();
  await question.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: 'Ahora no' }).click();
  await page.waitForURL('**/web/home');
}
