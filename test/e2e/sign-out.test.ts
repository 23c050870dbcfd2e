import { describe, expect, it } from 'vitest';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { enterWithEmailedCode, phonePage } from '#test/support/browser-flows.ts';
import { personWithConfirmedContact } from '#test/support/sos-flows.ts';

const running = appAndChromiumPerFile();

const ENDED_ELSEWHERE = 'Tu sesión se cerró desde otro teléfono. El botón SOS no funciona hasta que vuelvas a entrar.';

describe('signing out', () => {
  it('is asked for on the profile, never in a header, and a session closed from another phone says so on sign-in', async () => {
    const { app, browser } = running;
    const { context, page, email } = await personWithConfirmedContact(app, browser, 'salida', undefined, {
      serviceWorkers: 'block',
    });
    // Home, profile and add contact: no header button that a stray tap turns into 'SOS off'.
    for (const link of ['Inicio', 'Perfil', 'Agregar Contacto']) {
      await page.getByRole('navigation').getByRole('link', { name: link }).click();
      await page.getByRole('heading', { level: 1 }).waitFor();
      expect(await page.getByRole('banner').getByRole('button').count()).toBe(0);
    }

    // The second phone closes every other session, this one included.
    const other = await phonePage(browser, { serviceWorkers: 'block' });
    await enterWithEmailedCode(other.page, app, email);
    await other.page.waitForURL('**/web/home');
    await other.page.getByRole('link', { name: 'Perfil' }).click();
    await other.page.getByRole('button', { name: 'Cerrar las demás sesiones' }).click();
    await other.page.getByText('Cerramos 1 sesión.').waitFor();

    await page.getByRole('navigation').getByRole('link', { name: 'Inicio' }).click();
    await page.reload();
    await page.waitForURL('**/web/auth/signin');
    await page.getByRole('alert').filter({ hasText: ENDED_ELSEWHERE }).waitFor();

    // Signed in again, the sentence is gone; signing out asks first and says what it costs.
    await enterWithEmailedCode(page, app, email);
    await page.waitForURL('**/web/home');
    await page.getByRole('link', { name: 'Perfil' }).click();
    const section = page.getByRole('region', { name: 'Cerrar sesión' });
    await section.getByRole('button', { name: 'Cerrar sesión' }).click();
    const question = page.getByRole('alertdialog', { name: '¿Cerrar sesión en este teléfono?' });
    await question
      .getByText(
        'El botón SOS no funcionará hasta que vuelvas a entrar. Para entrar necesitas tu correo, un código que te enviamos y conexión a internet.',
      )
      .waitFor();
    await question.getByRole('button', { name: 'No, seguir con la sesión' }).click();
    await question.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/web/profile');

    await section.getByRole('button', { name: 'Cerrar sesión' }).click();
    await question.getByRole('button', { name: 'Sí, cerrar sesión' }).click();
    await page.waitForURL('**/web/auth/signin');
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
    expect(await page.getByText(ENDED_ELSEWHERE).count()).toBe(0);
    await other.context.close();
    await context.close();
  });
});
