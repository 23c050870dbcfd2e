import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { enterWithEmailedCode } from '#test/support/browser-flows.ts';
import { enterWithoutContacts } from '#test/support/seeded-person.ts';
import { resizeTo } from '#test/support/viewport.ts';

// What a Spanish speaker types and reads in a real Chromium, on three phones: the phone
// field's countries in Spanish, our users' commonest first; a date of birth written as
// 31/05/1990, with its example shown, kept by the server and shown the same way again.

const running = appAndChromiumPerFile();

const SIZES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 412, height: 915 },
];

/** Whether the element lies whole inside the viewport and is what is drawn at its centre. */
async function shownWhole(page: Page, locator: Locator) {
  const handle = await locator.elementHandle();
  return page.evaluate((element) => {
    if (!element) return false;
    const rect = element.getBoundingClientRect();
    if (rect.top < 0 || rect.bottom > innerHeight || rect.left < 0 || rect.right > innerWidth) return false;
    const at = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
    return !!at && (at === element || element.contains(at));
  }, handle);
}

describe('Spanish forms in a real browser', () => {
  it("lists the phone's countries in Spanish, the commonest of our users first, on the first screen of the list", async () => {
    const context = await running.browser.newContext({ locale: 'es-US', viewport: SIZES[0] });
    const page = await context.newPage();
    await enterWithEmailedCode(page, running.app, 'paises@example.org');
    await page.waitForURL('**/web/auth/signup');
    const seen: Record<string, unknown> = {};
    for (const size of SIZES) {
      await resizeTo(page, size);
      await page.getByRole('textbox', { name: 'Teléfono' }).scrollIntoViewIfNeeded();
      const countries = page.getByRole('combobox', { name: 'País del teléfono' });
      await countries.click();
      const options = page.getByRole('listbox').getByRole('option');
      await options.first().waitFor();
      const names = (await options.allTextContents()).map((name) => name.replace(/\+\d+$/, '').trim());
      seen[`${size.width}x${size.height}`] = {
        first: names.slice(0, 8),
        spanish: ['España', 'República Dominicana'].every((name) => names.includes(name)),
        english: ['Mexico', 'Spain', 'United States', 'Dominican Republic'].filter((name) => names.includes(name)),
        firstShown: await shownWhole(page, options.first()),
      };
      await page.keyboard.press('Escape');
      await expect.poll(() => countries.getAttribute('aria-expanded')).toBe('false');
    }
    const expected = {
      first: ['Estados Unidos', 'México', 'Guatemala', 'Honduras', 'El Salvador', 'Venezuela', 'Colombia', 'Cuba'],
      spanish: true,
      english: [],
      firstShown: true,
    };
    expect(seen).toEqual(Object.fromEntries(SIZES.map((size) => [`${size.width}x${size.height}`, expected])));
    await context.close();
  });

  it('takes the date of birth as 31/05/1990, shows its example, and shows it back so after a reload', async () => {
    const context = await running.browser.newContext({ locale: 'es-US', viewport: SIZES[0] });
    const page = await context.newPage();
    // Made through the API and entered with the e-mailed code: this test is about the profile's form.
    await enterWithoutContacts(page, running.app, 'nacimiento', { firstname: 'Inés', lastname: 'Fecha' });
    const seen: Record<string, unknown> = {};
    for (const [index, size] of SIZES.entries()) {
      await resizeTo(page, size);
      await page.goto(`${running.app.url}/web/profile`);
      const section = page.getByRole('region', { name: 'Si me detienen' });
      const field = section.getByLabel('Fecha de nacimiento');
      await field.waitFor();
      const example = section.getByText('Día, mes y año, por ejemplo 31/05/1990.');
      await field.scrollIntoViewIfNeeded();
      await example.scrollIntoViewIfNeeded();
      const exampleShown = await shownWhole(page, example);
      // Typed with the keyboard, as a person does: a different day each time, so each save is a change.
      const typed = `${String(29 + index).padStart(2, '0')}/05/1990`;
      await field.fill('');
      await field.pressSequentially(typed);
      await section.getByRole('button', { name: 'Guardar información' }).click();
      await page.getByText('Información guardada.').first().waitFor();
      await page.reload();
      await field.waitFor();
      await expect.poll(() => field.inputValue()).not.toBe('');
      seen[`${size.width}x${size.height}`] = {
        exampleShown,
        kept: await field.inputValue(),
        error: await field.getAttribute('aria-invalid'),
      };
    }
    expect(seen).toEqual({
      '360x740': { exampleShown: true, kept: '29/05/1990', error: null },
      '390x844': { exampleShown: true, kept: '30/05/1990', error: null },
      '412x915': { exampleShown: true, kept: '31/05/1990', error: null },
    });
    await context.close();
  });
});
