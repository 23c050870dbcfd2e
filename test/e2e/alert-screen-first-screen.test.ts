import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { onEveryPhone, PHONES, seenWhole, textUnderFixedBars } from '#test/support/first-screen.ts';
import { waitForMail } from '#test/support/mailbox.ts';
import { endAlertAndWaitForMail, personWithConfirmedContact, sosButton } from '#test/support/sos-flows.ts';

// The alert screen on three common phones. With no signal, where the alert stands ('Sin
// conexión: tu alerta se enviará…') is said once, first, and what the phone itself can send
// (WhatsApp, the SMS) follows it on the first screen, above the fixed FINALIZAR ALERTA bar. In
// every state no line of the screen is read under that bar: each, scrolled into view as focus
// or find-in-page does, is drawn whole.

const running = appAndChromiumPerFile();

/** How many times the visible text says there is no connection. */
const saysNoConnection = async (page: Page) =>
  (await page.evaluate(() => document.body.innerText)).match(/Sin conexión/g)?.length ?? 0;

describe('the alert screen and its fixed FINALIZAR ALERTA bar', () => {
  it('says once and first that the alert waits for signal, with WhatsApp and the SMS above the bar, and no text under the bar, offline and sent, at 360x740, 390x844 and 412x915', async () => {
    const { context, page, contactEmail } = await personWithConfirmedContact(running.app, running.browser, 'barra');
    // Home fetches the list again, so this phone knows Jorge confirmed before the signal goes.
    await page.reload();
    await page.getByRole('link', { name: /^Jorge Paz \S+@/ }).waitFor();
    await context.setOffline(true);
    await sosButton(page).click();
    await page.waitForURL('**/web/active');
    const status = page.getByRole('status', { name: 'Estado de tu alerta' });
    await status.getByText(/se enviará automáticamente/).waitFor();
    await page.locator('#splash').waitFor({ state: 'detached' });

    const offline: Record<string, unknown> = {};
    for (const phone of PHONES) {
      await page.setViewportSize(phone);
      offline[`${phone.width}x${phone.height}`] = {
        saidOnce: await saysNoConnection(page),
        firstScreen: await seenWhole(page, {
          status,
          whatsapp: page.getByRole('link', { name: 'Enviar por WhatsApp a Jorge Paz' }),
          sms: page.getByRole('link', { name: 'Enviar SMS a mis contactos' }),
        }),
        underTheBar: await textUnderFixedBars(page),
      };
    }
    // Said first: right under the title, above what the phone can send.
    const whatsappTop = (await page.getByRole('link', { name: 'Enviar por WhatsApp a Jorge Paz' }).boundingBox())?.y;
    const statusFirst = ((await status.boundingBox())?.y ?? Infinity) < (whatsappTop ?? -Infinity);

    await context.setOffline(false);
    await waitForMail(running.app.dataDir, { to: contactEmail, subject: /ALERTA SOS: .* está en riesgo/ });
    await status.getByText('Alerta enviada a tus contactos').waitFor({ timeout: 30_000 });
    const sent: Record<string, unknown> = {};
    for (const phone of PHONES) {
      await page.setViewportSize(phone);
      sent[`${phone.width}x${phone.height}`] = { underTheBar: await textUnderFixedBars(page) };
    }

    expect({
      offline,
      sent,
      statusFirst,
    }).toEqual({
      offline: onEveryPhone({
        saidOnce: 1,
        firstScreen: { status: true, whatsapp: true, sms: true },
        underTheBar: [],
      }),
      sent: onEveryPhone({ underTheBar: [] }),
      statusFirst: true,
    });
    await endAlertAndWaitForMail(running.app, page, contactEmail);
    await context.close();
  }, 120_000);
});
