import { describe, expect, it } from 'vitest';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { deskUrl, staffOnDesk } from '#test/support/desk-browser.ts';
import { clientPressedSos } from '#test/support/desk-clients.ts';

// 'Copiar' on a case's 'Si me detienen' information, in a real Chromium with the clipboard granted:
// what lands on the clipboard is what ICE's Online Detainee Locator asks for (the A-number as it
// takes it, 9 digits, and the country of birth), the desk says so in a live message, and a client
// who did not choose the firm for that information shows none of it, and no 'Copiar'.

const RESPONDER = 'ana@firma.example';

const both = appAndChromiumPerFile();

describe("copying a detained client's information for ICE's locator", () => {
  it('copies the A-number as the locator takes it and the country of birth, says so, and offers nothing for a client who kept it from the firm', async () => {
    const { app, browser } = both;
    const detention = {
      legal_name: 'Rosa Elvira Tzul Pop',
      birth_date: '1990-05-31',
      birth_country: 'Guatemala',
      // Typed as the person's papers show it: 8 digits, with the A and dashes.
      a_number: 'A-12-345-678',
      g28_signed: 'si' as const,
      lawyer_name: 'Lcda. Marta Ixcot',
    };
    const chosen = await clientPressedSos(app, {
      email: 'rosa.tzul@example.org',
      firstname: 'Rosa',
      lastname: 'Tzul',
      phone: '+12025550143',
      detention,
      detentionForFirm: true,
    });
    const kept = await clientPressedSos(app, {
      email: 'lucia.pop@example.org',
      firstname: 'Lucía',
      lastname: 'Pop',
      phone: '+12025550144',
      detention: { ...detention, legal_name: 'Lucía Pop Caal', a_number: '987654321' },
      detentionForFirm: false,
    });
    const desk = deskUrl(app);
    const { context, page } = await staffOnDesk(app, browser, RESPONDER, 'responder', ({ context }) =>
      context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: new URL(desk).origin }),
    );

    // The escalation e-mail's address of the case, as a responder opens it.
    await page.goto(`${desk}/${chosen}`);
    await page.getByRole('heading', { level: 1, name: 'Caso de Rosa Tzul' }).waitFor();
    const info = page.getByRole('region', { name: 'Información «Si me detienen»' });
    const terms = await info.locator('dt').allTextContents();
    const values = await info.locator('dd').allTextContents();
    expect(terms.map((term, index) => [term, values[index]])).toEqual([
      ['Número A (A-number)', '012345678'],
      ['País de nacimiento', 'Guatemala'],
      ['Nombre legal completo', 'Rosa Elvira Tzul Pop'],
      ['Fecha de nacimiento', '1990-05-31'],
      ['Nombre del abogado', 'Lcda. Marta Ixcot'],
      ['¿Tienes abogado con el formulario G-28 firmado? (el permiso para que te represente ante inmigración)', 'Sí'],
    ]);

    await info.getByRole('button', { name: 'Copiar: número A y país de nacimiento' }).click();
    await page.getByRole('status').filter({ hasText: 'Copiado.' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('012345678\tGuatemala');

    // A client who shares her alerts but not that information: the case has none of it to copy.
    await page.goto(`${desk}/${kept}`);
    await page.getByRole('heading', { level: 1, name: 'Caso de Lucía Pop' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Historial' }).waitFor();
    expect(await page.getByRole('region', { name: 'Información «Si me detienen»' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /Copiar/ }).count()).toBe(0);
    const shown = (await page.locator('main').textContent()) ?? '';
    for (const secret of ['987654321', 'Lucía Pop Caal', 'Guatemala', 'Ixcot']) expect(shown).not.toContain(secret);

    await context.close();
  });
});
