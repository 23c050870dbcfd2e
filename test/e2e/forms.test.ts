import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { enterWithEmailedCode, fillContactForm, goHomeAfterFirstContact } from '#test/support/browser-flows.ts';
import { smallTargets } from '#test/support/small-targets.ts';
import { resizeTo } from '#test/support/viewport.ts';

const running = appAndChromiumPerFile();

const SIZES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 412, height: 915 },
];

/**
 * One press says every message: once the first shows, all the others are on screen in that same
 * moment. A time limit instead (it was 2 s) judges the machine's speed, which a loaded machine can miss.
 */
async function expectAllAtOnce(page: Page, messages: string[]): Promise<void> {
  await page.getByText(messages[0] ?? '').waitFor();
  const shown = await Promise.all(messages.map((message) => page.getByText(message).isVisible()));
  expect(Object.fromEntries(messages.map((message, index) => [message, shown[index]]))).toEqual(
    Object.fromEntries(messages.map((message) => [message, true])),
  );
}

describe('forms on a phone', () => {
  it('say everything missing on the first press, and every control is at least 44x44 px', async () => {
    const { app, browser } = running;
    const context = await browser.newContext({ locale: 'es-US', viewport: SIZES[0], serviceWorkers: 'block' });
    const page = await context.newPage();
    await enterWithEmailedCode(page, app, 'formularios@example.org');
    await page.waitForURL('**/web/auth/signup');
    await page.getByRole('button', { name: 'Crear cuenta' }).waitFor();
    const sizes: Record<string, string[]> = {};
    for (const viewport of SIZES) {
      await resizeTo(page, viewport);
      sizes[`signup ${viewport.width}`] = await smallTargets(page);
    }

    await page.getByLabel('Nombres').fill('Lucía');
    await page.getByLabel('Apellidos').fill('Formas');
    await page.getByRole('textbox', { name: 'Teléfono' }).fill('2025550143');
    await page.getByRole('checkbox').check();
    await page.getByRole('button', { name: 'Crear cuenta' }).click();
    await page.waitForURL('**/web/auth/contacts');
    await page.getByRole('heading', { name: 'Agrega tu primer contacto de emergencia' }).waitFor();

    // The first-contact form, pressed empty: all five messages at once.
    await page.getByRole('button', { name: 'Guardar contacto' }).click();
    await expectAllAtOnce(page, [
      'El campo nombres es obligatorio',
      'El campo apellidos es obligatorio',
      'El correo es obligatorio',
      'El teléfono es obligatorio',
      'El campo es obligatorio',
    ]);
    for (const viewport of SIZES) {
      await resizeTo(page, viewport);
      sizes[`first contact ${viewport.width}`] = await smallTargets(page);
    }
    await fillContactForm(page, {
      firstname: 'Pedro',
      lastname: 'Formas',
      email: 'pedro.formas@example.org',
      phone: '3055550100',
      kinship: 'Hermano',
    });
    await goHomeAfterFirstContact(page);

    // Add Contact: names and e-mail typed, phone and kinship forgotten: both said on the first press.
    await page.getByRole('link', { name: 'Agregar Contacto' }).click();
    await page.getByRole('heading', { name: 'Agregar Contacto', level: 1 }).waitFor();
    await page.getByLabel('Nombres').fill('Rosa');
    await page.getByLabel('Apellidos').fill('Formas');
    await page.getByLabel('Correo electrónico').fill('rosa.formas@example.org');
    await page.getByRole('button', { name: 'Guardar contacto' }).click();
    await expectAllAtOnce(page, ['El teléfono es obligatorio', 'El campo es obligatorio']);
    for (const viewport of SIZES) {
      await resizeTo(page, viewport);
      sizes[`add contact ${viewport.width}`] = await smallTargets(page);
    }

    await page.getByRole('link', { name: 'Perfil' }).click();
    await page.getByRole('button', { name: 'Guardar información' }).waitFor();
    for (const viewport of SIZES) {
      await resizeTo(page, viewport);
      sizes[`profile ${viewport.width}`] = await smallTargets(page);
    }
    expect(sizes).toEqual(Object.fromEntries(Object.keys(sizes).map((screen) => [screen, []])));
    await context.close();
  });
});
