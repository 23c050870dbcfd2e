import { describe, expect, it } from 'vitest';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { fillContactForm, goHomeAfterFirstContact, phonePage, signUpInBrowser } from '#test/support/browser-flows.ts';
import { waitForMail } from '#test/support/mailbox.ts';
import { controlledByWorker } from '#test/support/service-worker.ts';
import { resizeTo } from '#test/support/viewport.ts';

const running = appAndChromiumPerFile();

const contact = {
  firstname: 'Lucía',
  lastname: 'Mora',
  email: 'lucia.mora@example.org',
  phone: '3055550123',
  kinship: 'Hermana',
};

describe('an emergency contact', () => {
  it('is added, confirms from the e-mail naming the person, shows as verified, and the used link then says it was accepted', async () => {
    const { context, page } = await phonePage(running.browser);
    await signUpInBrowser(page, running.app, {
      email: 'carmen.ruiz@example.org',
      firstname: 'Carmen',
      lastname: 'Ruiz',
    });

    await fillContactForm(page, contact);
    await goHomeAfterFirstContact(page);
    const card = page.getByRole('link', { name: /^Lucía Mora lucia\.mora/ });
    await expect(card.textContent()).resolves.toContain('Sin verificar');
    await page.getByRole('note', { name: 'Nadie recibirá tu alerta' }).waitFor();

    // The contact's side: the link from the e-mail, in a browser of their own, no login.
    const invitation = await waitForMail(running.app.dataDir, {
      to: contact.email,
      subject: /Carmen Ruiz te agregó como contacto de emergencia/,
    });
    const link = /(http:\/\/\S+\/web\/active\/verify\/[A-Za-z0-9_-]+)/.exec(invitation.text)?.[1];
    expect(link).toMatch(new RegExp(`^${running.app.url}`));
    expect(invitation.text).toMatch(/\/web\/active\/unsubscribe\?token=/);

    const theirs = await phonePage(running.browser);
    await theirs.page.goto(link!);
    // The contact's side names the person, from the terms to the welcome.
    await theirs.page
      .getByText('Carmen Ruiz te agregó como su contacto de emergencia. Lee y acepta estos términos', { exact: false })
      .waitFor();
    await theirs.page.getByRole('button', { name: 'Aceptar' }).click();
    await theirs.page.waitForURL(/\/web\/active\/accept(\?token=[A-Za-z0-9_-]+)?$/);
    await theirs.page.getByRole('heading', { name: '¡Te damos la bienvenida!' }).waitFor();
    await theirs.page
      .getByText('ahora formas parte de los contactos de emergencia de Carmen Ruiz.', { exact: false })
      .waitFor();

    // Back on the person's phone, without a reload: within seconds the card says verified and home
    // no longer says that nobody would get the alert.
    await expect.poll(() => card.textContent(), { timeout: 30_000 }).toContain('Verificado');
    await expect(page.getByRole('note', { name: 'Nadie recibirá tu alerta' }).count()).resolves.toBe(0);
    await card.click();
    await page.getByText('¡Todo está listo! Este contacto está verificado y listo para recibir tus alertas.').waitFor();

    // The link works once; opened again, it says it was already accepted, without the terms.
    const again = await phonePage(running.browser);
    await again.page.goto(link!);
    await again.page.getByRole('heading', { name: 'Ya aceptaste esta invitación' }).waitFor();
    await again.page
      .getByText('Ya formas parte de los contactos de emergencia de Carmen Ruiz.', { exact: false })
      .waitFor();
    expect(await again.page.getByRole('button', { name: 'Aceptar' }).count()).toBe(0);
    await Promise.all([theirs.context.close(), again.context.close()]);

    // With the network off, reopening the app still shows the last known contacts. (Their state is the one
    // last written to the phone's cache, which lags a change by up to a second: not asserted here.)
    // Once installed: on a loaded machine the worker may still be fetching its precache here.
    await controlledByWorker(page);
    await context.setOffline(true);
    await page.goto(`${running.app.url}/web/home`);
    await expect(page.getByRole('link', { name: /^Lucía Mora lucia\.mora/ }).textContent()).resolves.toContain(
      'lucia.mora@example.org',
    );
    await context.close();
  });

  it('refuses the person’s own address, and home says before the press that nobody will get the alert', async () => {
    const { context, page } = await phonePage(running.browser);
    await resizeTo(page, { width: 360, height: 740 });
    await signUpInBrowser(page, running.app, { email: 'nora.diaz@example.org', firstname: 'Nora', lastname: 'Díaz' });
    await fillContactForm(page, { ...contact, email: 'Nora.Diaz@example.org' });
    await page.getByText('Este es tu propio correo. Escribe el correo de la persona que quieres avisar.').waitFor();
    expect(page.url()).toMatch(/\/web\/auth\/contacts$/);

    await page.getByLabel('Correo electrónico').fill(contact.email);
    await page.getByRole('button', { name: 'Guardar contacto' }).click();
    await goHomeAfterFirstContact(page);
    // Lucía has not confirmed yet: before any press, home says nobody would get the alert and who must confirm.
    const note = page.getByRole('note', { name: 'Nadie recibirá tu alerta' });
    await note
      .getByText('Nadie recibirá tu alerta por correo: ninguno de tus contactos ha confirmado su correo.')
      .waitFor();
    await note.getByRole('link', { name: 'Lucía Mora' }).waitFor();
    await note.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'artifacts/home-nobody-confirmed-360x740.png' });
    await note.getByRole('link', { name: 'Lucía Mora' }).click();
    await page.waitForURL(/\/web\/contact\/[0-9a-f-]{36}$/);
    await context.close();
  });
});
