import { describe, expect, it } from 'vitest';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { waitForMail } from '#test/support/mailbox.ts';
import {
  allowBackgroundSync,
  endAlertAndWaitForMail,
  expectOneAlertThenItsEnd,
  personWithConfirmedContact,
  sosButton,
} from '#test/support/sos-flows.ts';

// The bench's figure 5 with the page closed, as a person lives it: an alert pressed
// without signal, the app closed, the network back, the app reopened on the alert
// screen, FINALIZAR ALERTA. The reopened screen fills in (queue status, position,
// contacts) just after it shows; the button must not move under the finger meanwhile,
// or the tap lands beside it and nothing happens.

const env = appAndChromiumPerFile();

describe('FINALIZAR ALERTA after reopening the app', () => {
  it('pressed offline, app closed, network back, reopened: ending shows home and the contact hears it ended', async () => {
    const { app, browser } = env;
    const { context, page, contactEmail } = await personWithConfirmedContact(app, browser, 'reabierta');
    const sync = await allowBackgroundSync(context, page);
    await context.setOffline(true);
    await sosButton(page).click();
    await page.waitForURL('**/web/active');
    await expect.poll(() => sync.sosSyncRegistered()).toBe(true);
    await page.close();
    // Background Sync delivers it now where the browser has it; elsewhere (Safari, the
    // fallback Chromium of a machine without Debian's) the reopened app does.
    await context.setOffline(false);

    // Every place the button was drawn at, frame by frame, from its first frame on.
    await context.addInitScript(`(() => {
      const tops = (window.__endButtonTops = []);
      const frame = () => {
        const button = document.querySelector('.sos-end__button');
        const top = button ? Math.round(button.getBoundingClientRect().top) : null;
        if (top !== null && tops.at(-1) !== top) tops.push(top);
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    })();`);
    const reopened = await context.newPage();
    await reopened.goto(`${app.url}/web/home`);
    await reopened.waitForURL('**/web/active');
    await waitForMail(app.dataDir, { to: contactEmail, subject: /ALERTA SOS: Elena reabierta está en riesgo/ });
    const end = reopened.getByRole('button', { name: 'FINALIZAR ALERTA' });
    await end.waitFor();
    // The worker's queue status, the position and the contacts arrive after the first paint
    // and change the text above the button: it stays where the person saw it.
    await reopened.getByText(/Alerta enviada a tus contactos|Tu alerta llegó/).waitFor();
    await reopened.getByText('Tu ubicación va en el SMS.').waitFor();
    await reopened.getByText('Jorge Paz').first().waitFor();
    expect(
      await reopened.evaluate(() => (window as unknown as { __endButtonTops: number[] }).__endButtonTops),
    ).toHaveLength(1);

    const ended = await endAlertAndWaitForMail(app, reopened, contactEmail);
    await reopened.getByRole('button', { name: 'SOS: avisar a mis contactos' }).waitFor();
    await expectOneAlertThenItsEnd(app, contactEmail, ended);
    await context.close();
  });
});
