import { describe, expect, it } from 'vitest';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { fillContactForm, setPinsInBrowser, signUpInBrowser } from '#test/support/browser-flows.ts';
import { onEveryPhone, PHONES } from '#test/support/first-screen.ts';
import { codeFrom, waitForMail } from '#test/support/mailbox.ts';
import { MIAMI, sosButton } from '#test/support/sos-flows.ts';
import { MIN_BUTTON_GAP_PX, touchingButtons } from '#test/support/touching-buttons.ts';
import { resizeTo } from '#test/support/viewport.ts';

// Buttons that sit together have room between them (at least 8 px), so a finger meant for one
// never lands on the other: a new person's walk through the screens that show two buttons or more
// (the first contact, '¡Felicidades!', the offer to share alerts with the firm, home, a contact's
// page, the profile with its PINs, the check-in and its running card, the PIN dialogs, the alert
// screen), each looked at on the three common phones.

const running = appAndChromiumPerFile();

describe('buttons side by side or one above the other', () => {
  it('keep at least 8 px apart on every screen of a new person, at 360x740, 390x844 and 412x915', async () => {
    const context = await running.browser.newContext({ locale: 'es-US', viewport: PHONES[0] });
    await context.grantPermissions(['geolocation'], { origin: running.app.url });
    await context.setGeolocation(MIAMI);
    const page = await context.newPage();
    const touching: Record<string, string[]> = {};
    const checked: string[] = [];
    /** The screen as it is now, at each phone; back at the small phone after. */
    const look = async (screen: string) => {
      for (const phone of PHONES) {
        await resizeTo(page, phone);
        const found = await touchingButtons(page);
        if (found.length > 0) touching[`${screen} at ${phone.width}x${phone.height}`] = found;
      }
      await resizeTo(page, PHONES[0]);
      checked.push(screen);
    };
    const nav = page.getByRole('navigation', { name: 'Navegación principal' });
    const goHome = async () => {
      await nav.getByRole('link', { name: 'Inicio' }).click();
      await page.waitForURL('**/web/home');
      await page.getByRole('button', { name: 'Ayuda' }).waitFor();
    };

    await page.goto(`${running.app.url}/web/auth/signin`);
    await signUpInBrowser(page, running.app, { email: 'botones@example.org', firstname: 'Eva', lastname: 'Sol' });
    await look('first contact');
    await fillContactForm(page, {
      firstname: 'Jorge',
      lastname: 'Paz',
      email: 'botones-contacto@example.org',
      phone: '3055550100',
      kinship: 'Hermano',
    });
    const congratulations = page.getByRole('dialog', { name: '¡Felicidades!' });
    await congratulations.waitFor();
    await look('¡Felicidades!');
    await congratulations.getByRole('button', { name: 'Ir al inicio' }).click();
    await page.getByRole('button', { name: 'Ahora no' }).waitFor();
    await look('the offer to share alerts with the firm');
    await page.getByRole('button', { name: 'Ahora no' }).click();
    await page.waitForURL('**/web/home');
    await page.getByRole('note', { name: 'Nadie recibirá tu alerta' }).waitFor();
    await look('home, nobody confirmed yet');

    await page.getByRole('link', { name: /^Jorge Paz \S+@/ }).click();
    await page.waitForURL(/\/web\/contact\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Jorge Paz' }).waitFor();
    await look("a contact's page, not confirmed yet");

    // Jorge accepts: home shows him confirmed.
    const invitation = await waitForMail(running.app.dataDir, {
      to: 'botones-contacto@example.org',
      subject: /te agregó como contacto/,
    });
    const token = /\/web\/active\/verify\/([A-Za-z0-9_-]+)/.exec(invitation.text)?.[1];
    expect((await fetch(`${running.app.url}/api/verify-contact/${token}`)).status).toBe(200);
    await goHome();
    await page.getByRole('note', { name: 'Nadie recibirá tu alerta' }).waitFor({ state: 'detached', timeout: 30_000 });

    await nav.getByRole('link', { name: 'Perfil' }).click();
    await page.waitForURL('**/web/profile');
    await page.getByRole('heading').first().waitFor();
    await look('profile');
    await setPinsInBrowser(page, '2468', '1357');
    await look('profile with PINs');
    await page.getByRole('region', { name: 'Cerrar sesión' }).getByRole('button', { name: 'Cerrar sesión' }).click();
    const signOut = page.getByRole('alertdialog', { name: '¿Cerrar sesión en este teléfono?' });
    await signOut.waitFor();
    await look('sign-out question');
    await signOut.getByRole('button', { name: 'No, seguir con la sesión' }).click();
    await signOut.waitFor({ state: 'detached' });

    await goHome();
    await page.getByRole('link', { name: 'Avísales si no vuelvo' }).click();
    await page.getByRole('radio', { name: 'Trabajo' }).check();
    await look('check-in');
    await page.getByRole('radio', { name: '1 hora' }).check();
    await page.getByRole('button', { name: 'Activar aviso' }).click();
    await page.waitForURL('**/web/home');
    const card = page.getByRole('region', { name: 'Aviso en curso' });
    await card.getByRole('button', { name: 'Estoy bien' }).waitFor();
    await look('home with a running check-in');
    await card.getByRole('button', { name: 'Necesito más tiempo' }).click();
    await card.getByRole('button', { name: 'Guardar nueva hora' }).waitFor();
    await look('home, choosing more time');
    await card.getByRole('button', { name: 'Estoy bien' }).click();
    const pinDialog = page.getByRole('alertdialog', { name: 'Escribe tu PIN para cerrar el aviso' });
    await pinDialog.waitFor();
    await look('the PIN dialog');
    await pinDialog.getByLabel('PIN de 4 números').fill('2468');
    await pinDialog.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByRole('link', { name: 'Avísales si no vuelvo' }).waitFor({ timeout: 30_000 });

    await sosButton(page).click();
    await page.waitForURL('**/web/active');
    await page
      .getByRole('status', { name: 'Estado de tu alerta' })
      .getByText('Alerta enviada a tus contactos')
      .waitFor({ timeout: 30_000 });
    await look('the alert screen');
    await page.getByRole('button', { name: 'FINALIZAR ALERTA' }).click();
    const endPin = page.getByRole('alertdialog', { name: 'Escribe tu PIN para finalizar la alerta' });
    await endPin.waitFor();
    await look('the PIN dialog that ends the alert');
    await endPin.getByLabel('PIN de 4 números').fill('2468');
    await endPin.getByRole('button', { name: 'Confirmar' }).click();
    await page.waitForURL('**/web/home');

    expect({ checked: checked.length, touching }).toEqual({ checked: 14, touching: {} });
    await context.close();
  }, 240_000);
});

describe('the code screen', () => {
  it("keeps '¿No te llegó el código?' and its 'Reenviar código' at least 8 px below 'Verificar', at 360x740, 390x844 and 412x915", async () => {
    const context = await running.browser.newContext({ locale: 'es-US', viewport: PHONES[0] });
    const page = await context.newPage();
    await page.goto(`${running.app.url}/web/auth/signin`);
    await page.getByLabel(/correo/i).fill('codigo-espacio@example.org');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL('**/web/auth/verify');
    const verify = page.getByRole('button', { name: 'Verificar' });
    const question = page.getByText('¿No te llegó el código?');
    const resend = page.getByRole('button', { name: 'Reenviar código' });
    await resend.waitFor();
    const gaps: Record<string, unknown> = {};
    for (const phone of PHONES) {
      await resizeTo(page, phone);
      const above = await verify.boundingBox();
      const sentence = await question.boundingBox();
      const button = await resend.boundingBox();
      if (!above || !sentence || !button) throw new Error('The code screen is not drawn');
      const gap = (box: { y: number }) => Math.round(box.y - (above.y + above.height));
      gaps[`${phone.width}x${phone.height}`] = {
        sentence: gap(sentence) >= MIN_BUTTON_GAP_PX || `${gap(sentence)} px`,
        'Reenviar código': gap(button) >= MIN_BUTTON_GAP_PX || `${gap(button)} px`,
        touching: await touchingButtons(page),
      };
    }
    expect(gaps).toEqual(onEveryPhone({ sentence: true, 'Reenviar código': true, touching: [] }));
    await context.close();
  });

  it("keeps 'Ir a Login', offered after three wrong codes, at least 8 px below 'Verificar', at 360x740, 390x844 and 412x915", async () => {
    const context = await running.browser.newContext({ locale: 'es-US', viewport: PHONES[0] });
    const page = await context.newPage();
    const email = 'codigo-equivocado@example.org';
    await page.goto(`${running.app.url}/web/auth/signin`);
    await page.getByLabel(/correo/i).fill(email);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.waitForURL('**/web/auth/verify');
    const code = codeFrom(await waitForMail(running.app.dataDir, { to: email, subject: /Tu código de acceso/ }));
    const wrong = String((Number(code) + 1) % 10_000).padStart(4, '0');
    const digits = page.getByRole('textbox', { name: /^Dígito \d de 4$/ });
    const restart = page.getByRole('button', { name: 'Ir a Login' });
    // The fourth digit sends the code: three wrong ones, each typed once the last one's answer is shown.
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      await page.getByRole('button', { name: 'Verificar' }).waitFor();
      for (const box of await digits.all()) await box.fill('');
      await digits.first().click();
      const answered = page.waitForResponse(
        (response) => response.url().endsWith('/api/verify') && response.request().method() === 'POST',
      );
      await page.keyboard.type(wrong);
      expect((await answered).status()).toBeGreaterThanOrEqual(400);
      await page.getByRole('button', { name: 'Verificando…' }).waitFor({ state: 'detached' });
    }
    await restart.waitFor();
    const verify = page.getByRole('button', { name: 'Verificar' });
    const gaps: Record<string, unknown> = {};
    for (const phone of PHONES) {
      await resizeTo(page, phone);
      const above = await verify.boundingBox();
      const below = await restart.boundingBox();
      if (!above || !below) throw new Error('The code screen is not drawn');
      const gap = Math.round(below.y - (above.y + above.height));
      gaps[`${phone.width}x${phone.height}`] = {
        'Ir a Login': gap >= MIN_BUTTON_GAP_PX || `${gap} px`,
        touching: await touchingButtons(page),
      };
    }
    expect(gaps).toEqual(onEveryPhone({ 'Ir a Login': true, touching: [] }));
    await context.close();
  });
});
