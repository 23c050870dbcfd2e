import type { Browser, Page } from 'playwright-core';
import type { RunningApp } from './app-server.ts';
import { inTimeZone, phonePage } from './browser-flows.ts';
import { deskUrl, deviceWithPasskeys, enrolWithEmailedCode, staffCli } from './desk-browser.ts';
import { enterToHome, seedPerson } from './seeded-person.ts';
import { resizeTo } from './viewport.ts';

// Every screen of the firm's desk, each shown with real data, for whoever looks at them: the desk's
// accessibility test (axe, touch targets) and `npm run screenshots` (docs/screenshots/). One walk,
// so both look at the same screens.

export const DESK_DESKTOP = { width: 1280, height: 800 };
export const DESK_PHONE = { width: 360, height: 740 };

/** Called once per screen, once it shows: look at `page` at whatever sizes. */
export type DeskScreenVisit = (screen: string, page: Page) => Promise<void>;

const CLIENT = { firstname: 'Elena', lastname: 'Rivas Soto', email: 'elena.rivas@example.org' };
const MIAMI = { latitude: 25.7617, longitude: -80.1918, accuracy: 25 };

/** A client with one confirmed contact who said yes to the firm's offer and pressed SOS. */
async function consentingClientPresses(app: RunningApp, browser: Browser): Promise<() => Promise<void>> {
  const { context, page } = await phonePage(browser);
  // The client and the desk in different zones, as they may well be: the card shows both clocks.
  await inTimeZone(page, 'America/New_York');
  await context.grantPermissions(['geolocation'], { origin: app.url });
  await context.setGeolocation(MIAMI);
  // Made through the API and entered with the e-mailed code: the walk is the desk's.
  await seedPerson(app, {
    ...CLIENT,
    phone: '+12025550143',
    contact: {
      firstname: 'Jorge',
      lastname: 'Rivas',
      email: 'jorge.rivas@example.org',
      phone: '+13055550100',
      kinship: 'Hermano',
    },
    shareWithFirm: true,
  });
  await enterToHome(page, app, CLIENT.email);
  await page.getByRole('button', { name: 'SOS: avisar a mis contactos' }).click();
  await page.getByRole('heading', { name: 'Alerta activa' }).waitFor();
  return () => context.close();
}

/**
 * The desk from the admin's first sign-in: 'Entrar', 'Alertas activas' with a card, the case with its
 * timeline, 'Buscar' with a result, 'Registro' and 'Equipo', each handed to `visit` once shown.
 */
export async function walkTheDesk(app: RunningApp, browser: Browser, visit: DeskScreenVisit): Promise<void> {
  await staffCli(app, ['add', 'coordinacion@firma.example', '--role', 'admin']);
  await staffCli(app, ['add', 'luis.mora@firma.example', '--role', 'responder']);
  const desk = await deviceWithPasskeys(browser);
  const { page } = desk;
  await resizeTo(page, DESK_DESKTOP);
  await inTimeZone(page, 'America/Chicago');
  await page.goto(`${deskUrl(app)}/entrar`);
  await page.getByRole('heading', { level: 1, name: 'Entrar al escritorio' }).waitFor();
  await visit('Escritorio: entrar', page);

  await enrolWithEmailedCode(app, page, 'coordinacion@firma.example');
  const leaveClient = await consentingClientPresses(app, browser);
  const card = page.getByRole('listitem').filter({ hasText: `${CLIENT.firstname} ${CLIENT.lastname}` });
  await card.getByText(/precisión ±25 m/).waitFor({ timeout: 30_000 });
  await visit('Escritorio: alertas activas', page);

  await card.getByRole('button', { name: 'Atender' }).click();
  const caseTitle = `Caso de ${CLIENT.firstname} ${CLIENT.lastname}`;
  await page.getByRole('heading', { level: 1, name: caseTitle }).waitFor();
  await page.getByLabel('Nota', { exact: true }).fill('Llamé a la persona: no contesta. Llamo a su hermano.');
  await page.getByRole('button', { name: 'Guardar nota' }).click();
  await page
    .getByRole('listitem')
    .filter({ hasText: 'Llamé a la persona: no contesta. Llamo a su hermano.' })
    .waitFor();
  // Saved: the box is empty again, ready for the next note.
  await page.waitForFunction(() => document.querySelector<HTMLTextAreaElement>('#desk-note')?.value === '');
  await visit('Escritorio: caso', page);

  const nav = page.getByRole('navigation', { name: 'Escritorio' });
  await nav.getByRole('link', { name: 'Buscar' }).click();
  await page.getByLabel('Nombre o teléfono').fill('Rivas');
  await page.getByRole('button', { name: 'Buscar', exact: true }).click();
  await page.getByRole('heading', { level: 2, name: `${CLIENT.firstname} ${CLIENT.lastname}` }).waitFor();
  await visit('Escritorio: buscar', page);

  await nav.getByRole('link', { name: 'Registro' }).click();
  await page.getByRole('heading', { level: 1, name: 'Registro de auditoría' }).waitFor();
  await page.getByText('Abrió un caso').first().waitFor();
  // Was the client looked up? The answer is on the screen too.
  await page.getByLabel('Nombre o teléfono de la persona').fill(`${CLIENT.firstname} ${CLIENT.lastname}`);
  await page.getByRole('button', { name: 'Comprobar' }).click();
  await page.getByText(/^Sí\. Una búsqueda del escritorio habría encontrado/).waitFor();
  await visit('Escritorio: registro', page);

  await nav.getByRole('link', { name: 'Equipo' }).click();
  await page.getByRole('heading', { level: 1, name: 'Equipo' }).waitFor();
  await page.getByText('luis.mora@firma.example').first().waitFor();
  await visit('Escritorio: equipo', page);

  await leaveClient();
  await desk.context.close();
}
