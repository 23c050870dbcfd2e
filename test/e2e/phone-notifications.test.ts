import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations, smallTargets, smallText } from '#test/support/accessibility-checks.ts';
import { fillContactForm, phonePage } from '#test/support/browser-flows.ts';
import { waitForMail } from '#test/support/mailbox.ts';
import {
  deliverPush,
  firstPushTo,
  phoneFor,
  pushAppAndChromiumPerFile,
  shownBy,
  subscribeThroughLocalService,
  tapFirstNotification,
} from '#test/support/push-browser.ts';
import { personWithConfirmedContact, sosButton } from '#test/support/sos-flows.ts';
import { controlledByWorker } from '#test/support/service-worker.ts';

// 'Avisos en este teléfono' in a real Chromium against the real server, and the
// worker's push and notification-click handlers. Chromium cannot subscribe here
// (its push service is on the internet): the server sends to a local push
// service, and the test hands the worker exactly what that service decrypted,
// through the DevTools protocol.

const running = pushAppAndChromiumPerFile();

const control = (page: Page) => page.getByRole('region', { name: 'Avisos en este teléfono' });

async function expectAccessible(page: Page, name: string) {
  await page.locator('#splash').waitFor({ state: 'detached' });
  expect.soft(await axeViolations(page), `${name}: axe-core violations`).toEqual([]);
  expect.soft(await smallText(page), `${name}: text under 16 px`).toEqual([]);
  expect.soft(await smallTargets(page), `${name}: small touch targets`).toEqual([]);
}

/** The person adds María from the app; María accepts from the e-mail in a browser of her own. */
async function mariaAccepts(person: Page, tag: string, prepare?: (context: BrowserContext) => Promise<void>) {
  const email = `${tag}-maria@example.org`;
  await person.goto(`${running.app.url}/web/contact`);
  await fillContactForm(person, {
    firstname: 'María',
    lastname: 'López',
    email,
    phone: '3055550101',
    kinship: 'Hermana',
  });
  await person.waitForURL('**/web/home');
  const invitation = await waitForMail(running.app.dataDir, {
    to: email,
    subject: /te agregó como contacto de emergencia/,
  });
  const verifyUrl = /(\S+\/web\/active\/verify\/[A-Za-z0-9_-]+)/.exec(invitation.text)?.[1];
  const maria = await phonePage(running.browser);
  await prepare?.(maria.context);
  await maria.page.goto(verifyUrl!);
  await maria.page
    .getByRole('dialog', { name: /términos y condiciones/i })
    .getByRole('button', { name: 'Aceptar' })
    .click();
  await maria.page.waitForURL(/\/web\/active\/accept\?token=[A-Za-z0-9_-]+$/);
  await controlledByWorker(maria.page);
  return { ...maria, email };
}

describe("notifications on a contact's phone", () => {
  it('asks for permission only after the tap, and says plainly when the browser refuses or cannot', async () => {
    const { page: person, context: personContext } = await personWithConfirmedContact(
      running.app,
      running.browser,
      'permiso',
    );
    // Counts the page's requests for permission on their way to the browser.
    const maria = await mariaAccepts(person, 'permiso', async (context) => {
      await context.addInitScript(() => {
        const ask = Notification.requestPermission.bind(Notification);
        const counted = window as unknown as { permissionAsks: number };
        counted.permissionAsks = 0;
        Notification.requestPermission = () => {
          counted.permissionAsks += 1;
          return ask();
        };
      });
    });
    const permissionAsks = () =>
      maria.page.evaluate(() => (window as unknown as { permissionAsks: number }).permissionAsks);
    const region = control(maria.page);
    await region.getByRole('button', { name: 'Activar avisos en este teléfono' }).waitFor();
    await expect
      .poll(() => region.getByRole('status').textContent())
      .toBe('Los avisos están desactivados en este teléfono. Te seguiremos avisando por correo.');
    // Opening the page asked nothing.
    expect(await maria.page.evaluate(() => Notification.permission)).toBe('default');
    expect(await permissionAsks()).toBe(0);
    await expectAccessible(maria.page, 'accept page, notifications off');

    // Allowed, but Chromium's own push service is out of reach here: a real failure.
    await maria.context.grantPermissions(['notifications'], {
      origin: running.app.url,
    });
    await region.getByRole('button', { name: 'Activar avisos en este teléfono' }).click();
    await region
      .getByText('No pudimos activar los avisos. Revisa tu conexión e inténtalo de nuevo.')
      .waitFor({ timeout: 30_000 });
    // Focus follows the message in an effect after it shows.
    await expect.poll(() => maria.page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('status');
    expect(await permissionAsks()).toBe(1);
    await expectAccessible(maria.page, 'accept page, turning on failed');

    const cdp = await maria.context.newCDPSession(maria.page);
    const { targetInfo } = await cdp.send('Target.getTargetInfo');
    await cdp.send('Browser.setPermission', {
      origin: running.app.url,
      permission: { name: 'notifications' },
      setting: 'denied',
      browserContextId: targetInfo.browserContextId,
    });
    await maria.page.reload();
    await region.getByText(/Este navegador tiene bloqueados los avisos de esta página/).waitFor();
    expect(await region.getByRole('button').count()).toBe(0);
    await expectAccessible(maria.page, 'accept page, notifications denied');
    await maria.context.close();
    await personContext.close();
  });

  it("turns on, gets the SOS as a notification, and 'Lo tengo' on it records the acknowledgement", async () => {
    const { page: person, context: personContext } = await personWithConfirmedContact(
      running.app,
      running.browser,
      'aviso',
    );
    const phone = await phoneFor(running);
    const maria = await mariaAccepts(person, 'aviso', async (context) => {
      await context.grantPermissions(['notifications'], { origin: running.app.url });
      await subscribeThroughLocalService(context, phone);
    });
    const region = control(maria.page);
    await region.getByRole('button', { name: 'Activar avisos en este teléfono' }).click();
    await region
      .getByText('Avisos activados en este teléfono. Te seguiremos escribiendo por correo también.')
      .waitFor();
    await region.getByRole('button', { name: 'Desactivar avisos' }).waitFor();
    await expectAccessible(maria.page, 'accept page, notifications on');

    // The person sees it on the contact's card.
    await person.goto(`${running.app.url}/web/home`);
    await person
      .getByRole('link', { name: /María López/ })
      .getByText('Avisos activados en su teléfono')
      .waitFor();

    await sosButton(person).click();
    await person.waitForURL('**/web/active');
    await person.getByText(/^Enviada a María López .*· Aviso entregado$/).waitFor({ timeout: 30_000 });
    await waitForMail(running.app.dataDir, {
      to: maria.email,
      subject: /ALERTA SOS: Elena aviso está en riesgo/,
    });

    // What the push service decrypted, given to María's worker as her phone would.
    const sent = (await firstPushTo(running.service, phone)) as {
      notification: { navigate: string; tag: string };
    };
    console.log(
      `Push payload as the server sent it (decrypted by web-push-testing):\n${JSON.stringify(sent, null, 2)}`,
    );
    const worker = await deliverPush(maria, running.app.url, JSON.stringify(sent));
    expect(await shownBy(worker, 1)).toEqual([
      {
        title: 'ALERTA SOS: Elena aviso está en riesgo',
        body: 'Elena aviso presionó el botón SOS. Abre el aviso para ver cuándo y dónde, y llámale al +12025550143.',
        tag: sent.notification.tag,
        actions: [{ action: 'ack', title: 'Lo tengo' }],
        data: {
          navigate: sent.notification.navigate,
          lang: 'es',
          name: 'Elena aviso',
        },
        requireInteraction: true,
      },
    ]);

    // 'Lo tengo' on the notification: the worker's click handler, called as Chromium would.
    await tapFirstNotification(worker, 'ack');
    await person.getByText(/^Recibida por María López \(\d\d:\d\d\)/).waitFor({ timeout: 30_000 });
    expect((await shownBy(worker, 2))[1]).toEqual({
      title: 'Listo',
      body: 'Elena aviso ya sabe que recibiste su alerta. Ahora, llámale.',
      tag: sent.notification.tag,
      actions: [],
      data: {
        navigate: sent.notification.navigate,
        lang: 'es',
        name: 'Elena aviso',
      },
      requireInteraction: false,
    });
    await maria.context.close();
    await personContext.close();
  });

  it('shows a notification even for a message it cannot read', async () => {
    const { page, context } = await phonePage(running.browser);
    await context.grantPermissions(['notifications'], { origin: running.app.url });
    await page.goto(`${running.app.url}/web/active/invalid`);
    await controlledByWorker(page);
    const worker = await deliverPush({ context, page }, running.app.url, '{"not":"ours"}');
    expect(
      (await shownBy(worker, 1)).map(({ title, body, data }) => ({
        title,
        body,
        data,
      })),
    ).toEqual([
      {
        title: 'Botón de Pánico Migratorio',
        body: 'Recibiste una alerta. Abre la app o revisa tu correo para ver quién, cuándo y dónde.',
        data: { navigate: `${running.app.url}/web`, lang: 'es' },
      },
    ]);
    await context.close();
  });
});
