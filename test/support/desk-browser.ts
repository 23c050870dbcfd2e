import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import type { RunningApp } from './app-server.ts';
import { compiledEntry } from './compiled-server.ts';
import { readMailbox, waitForMail } from './mailbox.ts';

// The firm's desk in a real Chromium: the operator's CLI, a device holding passkeys, and the e-mailed
// code that enrols the first one. WebAuthn refuses an IP address, so the desk is opened on localhost.

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../..');

/** `npm run staff -- ...` beside the running server, on its DATA_DIR (it joins the server's PostgreSQL). */
export async function staffCli(app: RunningApp, args: string[]): Promise<string> {
  // In the e2e project, compiled once for the run (test/support/compiled-server.ts).
  const compiled = compiledEntry('staff');
  const entry = compiled ? [compiled] : ['--import', 'tsx', 'scripts/staff.ts'];
  const { stdout } = await run(process.execPath, [...entry, ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: app.dataDir, PUBLIC_URL: app.url, PORT: String(app.port) },
  });
  return stdout;
}

/** The desk's address for this app: localhost, never 127.0.0.1. */
export const deskUrl = (app: RunningApp) => `http://localhost:${app.port}/web/desk`;

/** A browser of its own with a platform authenticator that holds passkeys (CDP, FIELD-NOTES). */
export async function deviceWithPasskeys(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ locale: 'es-US' });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { context, page };
}

/** The code of the newest staff-invite e-mail to `to` that arrived after `after` mails. */
async function deskCode(app: RunningApp, to: string, after: number): Promise<string> {
  const mail = await waitForMail(app.dataDir, { to, subject: /escritorio de IAD: \d{4}$/, after });
  expect(mail.text).toContain(deskUrl(app));
  return /(\d{4})$/.exec(mail.subject)?.[1] ?? '';
}

/** On 'Entrar': the e-mailed code enrols the address's first passkey, and the desk opens. */
export async function enrolWithEmailedCode(app: RunningApp, page: Page, email: string) {
  const before = (await readMailbox(app.dataDir)).length;
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByRole('button', { name: 'Enviarme el código' }).click();
  await page.getByRole('status').filter({ hasText: 'le enviamos un código' }).waitFor();
  await page.getByLabel('Código de 4 dígitos del correo').fill(await deskCode(app, email, before));
  await page.getByRole('button', { name: 'Registrar mi llave de acceso' }).click();
  await page.getByRole('heading', { level: 1, name: 'Alertas activas' }).waitFor();
}

export type DeskDevice = { context: BrowserContext; page: Page };

/**
 * A new device with passkeys on the desk of `app`, enrolled as `email` (already staff) with the
 * e-mailed code: the desk open on 'Alertas activas'. `prepare` runs on the device before the desk
 * opens (a time zone, a permission, a request listener).
 */
export async function enrolledDeskDevice(
  app: RunningApp,
  browser: Browser,
  email: string,
  prepare: (device: DeskDevice) => Promise<unknown> = async () => {},
): Promise<DeskDevice> {
  const device = await deviceWithPasskeys(browser);
  await prepare(device);
  await device.page.goto(`${deskUrl(app)}/entrar`);
  await enrolWithEmailedCode(app, device.page, email);
  return device;
}

/** Someone the server's command adds to the team as `role`, then on the desk on a device of their own. */
export async function staffOnDesk(
  app: RunningApp,
  browser: Browser,
  email: string,
  role: 'admin' | 'responder',
  prepare?: (device: DeskDevice) => Promise<unknown>,
): Promise<DeskDevice> {
  await staffCli(app, ['add', email, '--role', role]);
  return enrolledDeskDevice(app, browser, email, prepare);
}
