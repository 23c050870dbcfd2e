import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '#test/support/accessibility-checks.ts';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import {
  deskUrl,
  deviceWithPasskeys,
  enrolledDeskDevice,
  enrolWithEmailedCode,
  staffCli,
} from '#test/support/desk-browser.ts';
import { readMailbox, waitForMail } from '#test/support/mailbox.ts';

// Who gets into the firm's desk, in a real Chromium with a virtual authenticator: the operator's
// CLI makes the first admin; the e-mailed code enrols the first passkey; after that, the passkey
// alone. WebAuthn refuses an IP address, so the desk is opened on localhost (docs/desk.md).

const ADMIN = 'jefa@firma.example';
const RESPONDER = 'luis@firma.example';

const both = appAndChromiumPerFile();

async function expectAccessible(page: Page, screen: string) {
  expect(await axeViolations(page), `${screen}: axe-core violations`).toEqual([]);
}

describe('who gets into the desk', () => {
  it('an admin made by the CLI enrols a passkey with the e-mailed code, then enters with the passkey alone, and invites a responder who enrols too', async () => {
    const { app, browser } = both;
    expect(await staffCli(app, ['add', ADMIN, '--role', 'admin'])).toContain(
      `Listo: ${ADMIN} es admin del escritorio.`,
    );
    const desk = deskUrl(app);

    const admin = await deviceWithPasskeys(browser);
    await admin.page.goto(desk);
    // No desk session yet: the desk sends to its own sign-in.
    await admin.page.waitForURL(`${desk}/entrar`);
    await admin.page.getByRole('heading', { level: 1, name: 'Entrar al escritorio' }).waitFor();
    await expectAccessible(admin.page, 'Entrar');

    await enrolWithEmailedCode(app, admin.page, ADMIN);
    expect(admin.page.url()).toBe(desk);
    await admin.page.getByText('Escritorio de IAD').waitFor();
    const nav = admin.page.getByRole('navigation', { name: 'Escritorio' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Alertas activas', 'Buscar', 'Equipo', 'Registro']);
    await expectAccessible(admin.page, 'Escritorio (admin)');

    // 'De guardia' is saved on the server.
    const onCall = admin.page.getByRole('switch', { name: 'De guardia' });
    await onCall.check();
    // The switch shows 'on', and takes no press, while its change is saved: reloading then could cut the save.
    await expect.poll(() => onCall.isEnabled()).toBe(true);
    await admin.page.reload();
    await expect.poll(() => admin.page.getByRole('switch', { name: 'De guardia' }).isChecked()).toBe(true);

    // Out, and back in with the passkey only: no address, no code.
    await admin.page.getByRole('button', { name: 'Cerrar sesión' }).click();
    await admin.page.waitForURL(`${desk}/entrar`);
    const mailsBefore = (await readMailbox(app.dataDir)).length;
    await admin.page.getByRole('button', { name: 'Entrar con llave de acceso' }).click();
    await admin.page.getByRole('heading', { level: 1, name: 'Alertas activas' }).waitFor();
    expect((await readMailbox(app.dataDir)).length).toBe(mailsBefore);

    // 'Equipo': invite a responder.
    await nav.getByRole('link', { name: 'Equipo' }).click();
    await admin.page.getByRole('heading', { level: 1, name: 'Equipo' }).waitFor();
    await admin.page.getByLabel('Correo electrónico').fill(RESPONDER);
    await admin.page.getByLabel('Rol').selectOption('responder');
    await admin.page.getByRole('button', { name: 'Invitar' }).click();
    await admin.page
      .getByRole('status')
      .filter({ hasText: `Invitamos a ${RESPONDER}` })
      .waitFor();
    await admin.page.getByRole('button', { name: `Quitar a ${RESPONDER}` }).waitFor();
    await expectAccessible(admin.page, 'Equipo');
    await waitForMail(app.dataDir, { to: RESPONDER, subject: /escritorio de IAD: \d{4}$/ });

    // The responder, on a device of their own, enrols with a code and sees no admin part.
    const responder = await enrolledDeskDevice(app, browser, RESPONDER);
    const responderNav = responder.page.getByRole('navigation', { name: 'Escritorio' });
    expect(await responderNav.getByRole('link').allTextContents()).toEqual(['Alertas activas', 'Buscar']);
    await expectAccessible(responder.page, 'Escritorio (responder)');

    expect(await staffCli(app, ['list'])).toBe(`${ADMIN}  admin  (de guardia)\n${RESPONDER}  responder\n`);
    await admin.context.close();
    await responder.context.close();
  });
});
