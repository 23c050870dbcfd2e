import { describe, expect, it } from 'vitest';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { controlsUnderNotices } from '#test/support/covered-controls.ts';
import { codeFrom, readMailbox, waitForMail } from '#test/support/mailbox.ts';

const running = appAndChromiumPerFile();

const SIZES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 412, height: 915 },
];
const WRONG_CODE = 'El código no es correcto.';

describe('notices (toasts)', () => {
  for (const viewport of SIZES) {
    it(`at ${viewport.width}x${viewport.height}: one copy of a repeated notice, over no button, gone with its screen`, async () => {
      const { app, browser } = running;
      const context = await browser.newContext({ locale: 'es-US', viewport });
      const page = await context.newPage();
      const email = `aviso-${viewport.width}@example.org`;
      const before = (await readMailbox(app.dataDir)).length;
      await page.goto(`${app.url}/web/auth/signin`);
      // The form answers once the app has started, not while the splash still covers it.
      await page.locator('#splash').waitFor({ state: 'detached' });
      await page.getByLabel(/correo/i).fill(email);
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.waitForURL('**/web/auth/verify');
      const code = codeFrom(
        await waitForMail(app.dataDir, { to: email, subject: /Tu código de acceso/, after: before }),
      );
      const wrong = [...code].map((digit) => String((Number(digit) + 1) % 10)).join('');

      // Three wrong codes: 'Ir a Login' takes the resend link's place, and the notice shows once.
      await page.getByRole('textbox', { name: /dígito 1/i }).click();
      await page.keyboard.type(wrong);
      await page.getByRole('alert').getByText(WRONG_CODE).waitFor();
      for (let attempt = 2; attempt <= 3; attempt += 1) {
        const answered = page.waitForResponse((reply) => reply.url().endsWith('/api/verify'));
        await page.getByRole('button', { name: 'Verificar' }).click();
        await answered;
      }
      const restart = page.getByRole('button', { name: 'Ir a Login' });
      await restart.waitFor();
      expect(await page.getByText(WRONG_CODE).count()).toBe(1);
      expect(await controlsUnderNotices(page)).toEqual([]);

      // The notice was the verify screen's: it does not follow the person to sign-in.
      await restart.click();
      await page.waitForURL('**/web/auth/signin');
      await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
      expect(await page.locator('.toast').count()).toBe(0);

      // Nor, after the right code, onto sign-up, where it hid 'Crear cuenta'.
      await page.getByLabel(/correo/i).fill(email);
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.waitForURL('**/web/auth/verify');
      await page.getByRole('textbox', { name: /dígito 1/i }).click();
      await page.keyboard.type(code);
      await page.waitForURL('**/web/auth/signup');
      await page.getByRole('button', { name: /crear cuenta/i }).waitFor();
      expect(await page.locator('.toast').count()).toBe(0);
      await context.close();
    });
  }

  it('a notice that appears while the person has scrolled comes at the top, over no button', async () => {
    const { app, browser } = running;
    const context = await browser.newContext({ locale: 'es-US', viewport: SIZES[0], serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.goto(`${app.url}/web/auth/signin`);
    await page.locator('#splash').waitFor({ state: 'detached' });
    await page.route('**/api/signin', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"success":false,"message":"Falla"}' }),
    );
    await page.getByLabel(/correo/i).fill('scroll@example.org');
    // A page taller than the screen, scrolled so 'Continuar' sits low on it, where notices used
    // to appear: the notice comes at the top and the page moves down, the button still in view.
    await page.evaluate(() => {
      document.querySelector('main')?.insertAdjacentHTML('afterbegin', '<div style="height:1200px"></div>');
      const button = [...document.querySelectorAll('button')].find((each) => each.textContent === 'Continuar');
      if (button) window.scrollTo(0, button.getBoundingClientRect().bottom + window.scrollY - innerHeight + 150);
    });
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.locator('.toast').first().waitFor();
    expect(await controlsUnderNotices(page)).toEqual([]);
    const button = await page.getByRole('button', { name: 'Continuar' }).boundingBox();
    expect(button && button.y + button.height).toBeLessThanOrEqual(SIZES[0]!.height);
    await context.close();
  });
});
