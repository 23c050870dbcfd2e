import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { enterWithEmailedCode, phonePage } from '#test/support/browser-flows.ts';
import { STORED_TEXT } from '#test/support/engines/page-hooks.ts';

const running = appAndChromiumPerFile();

const email = 'maria.lopez@example.org';

async function analyticsEvents(page: Page): Promise<unknown[]> {
  return page.evaluate(() => (window.dataLayer ?? []).map((entry) => entry.event));
}

describe('a new person', () => {
  it('signs up with the e-mailed code and lands on the first-contact screen', async () => {
    const { context, page, fetched } = await phonePage(running.browser);
    const shell = await page.goto(`${running.app.url}/web`);
    // The splash is in the page itself, so it shows before any script runs, and goes once the state is back.
    expect(await shell?.text()).toMatch(/id="splash"[^]*Botón de Pánico Migratorio/);
    await page.locator('#splash').waitFor({ state: 'detached' });
    await page.waitForURL('**/web/auth/signin');
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();

    await page.getByRole('button', { name: /continuar|enviar|ingresar/i }).click();
    await page.getByText('El correo es obligatorio').waitFor();
    await page.getByLabel(/correo/i).fill('maria@');
    await page.getByRole('button', { name: /continuar|enviar|ingresar/i }).click();
    await page.getByText('El correo no es válido').waitFor();

    // Typing into the first box advances through all four by itself, and the fourth digit sends the code.
    const code = await enterWithEmailedCode(page, running.app, email);
    await page.waitForURL('**/web/auth/signup');

    await page.getByLabel(/nombres/i).fill('María');
    await page.getByLabel(/apellidos/i).fill('López');
    await page.getByRole('textbox', { name: 'Teléfono' }).fill('2025550143');
    await page.getByRole('button', { name: /términos y condiciones/i }).click();
    const terms = page.getByRole('dialog', { name: /términos y condiciones/i });
    await terms.getByText('7 de marzo de 2025').first().waitFor();
    await terms.getByRole('button', { name: 'Aceptar' }).click();
    await expect(page.getByRole('checkbox').isChecked()).resolves.toBe(true);
    await page.getByRole('button', { name: /registr|crear cuenta/i }).click();

    await page.waitForURL('**/web/auth/contacts');
    await expect(analyticsEvents(page)).resolves.toEqual(
      expect.arrayContaining(['otp_entry', 'otp_verify', 'sign_up']),
    );
    // Flags, fonts and scripts all come from our own server.
    expect(fetched.filter((url) => !url.startsWith(running.app.url))).toEqual([]);
    expect(fetched.some((url) => url.includes('/build/flags/'))).toBe(true);

    // DevTools must show no e-mail, name or token in clear text anywhere.
    const stored = await page.evaluate<string>(`(async () => { ${STORED_TEXT} })()`);
    expect(stored).toContain('sos-v8');
    expect(stored).not.toContain(email);
    expect(stored).not.toContain('María');
    expect(stored).not.toMatch(/access_token|refresh_token/);
    expect(running.app.output()).not.toContain(code);
    await context.close();
  });

  it('signs in again later with a new code', async () => {
    const { context, page } = await phonePage(running.browser);
    await enterWithEmailedCode(page, running.app, email);
    // No contacts yet: the first-contact screen, behind its guard.
    await page.waitForURL('**/web/auth/contacts');
    await context.close();
  });
});
