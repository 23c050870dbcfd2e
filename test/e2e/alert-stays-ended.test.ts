import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { waitForMail } from '#test/support/mailbox.ts';
import { personWithConfirmedContact, sosButton } from '#test/support/sos-flows.ts';
import { appStarted } from '#test/support/app-started.ts';

// An ended alert stays ended: reloaded the moment home shows after FINALIZAR ALERTA, and when it
// was ended elsewhere (another phone of the same person) while this one showed it.

const env = appAndChromiumPerFile();

/** Every path the page showed, frame by frame, from its first frame on (set before the page loads). */
const RECORD_PATHS = `(() => {
  const paths = (window.__paths = []);
  const frame = () => {
    if (paths.at(-1) !== location.pathname) paths.push(location.pathname);
    requestAnimationFrame(frame);
  };
  frame();
})();`;

const pathsShown = (page: Page) => page.evaluate(() => (window as unknown as { __paths: string[] }).__paths);

describe('an ended alert', () => {
  it('reloaded right after FINALIZAR ALERTA, opens on home and never on the alert screen', async () => {
    const { app, browser } = env;
    const { context, page, contactEmail } = await personWithConfirmedContact(app, browser, 'recarga');
    await sosButton(page).click();
    await page.waitForURL('**/web/active');
    await waitForMail(app.dataDir, { to: contactEmail, subject: /está en riesgo/ });

    await context.addInitScript(RECORD_PATHS);
    await page.getByRole('button', { name: 'FINALIZAR ALERTA' }).click();
    await page.waitForURL('**/web/home');
    await page.reload();
    await appStarted(page);
    await sosButton(page).waitFor();

    expect(await pathsShown(page)).toEqual(['/web/home']);
    await mkdir('artifacts', { recursive: true });
    await page.screenshot({ path: 'artifacts/reload-right-after-finalizar.png' });
    await context.close();
  });

  it('ended from another phone, leaves the alert screen for home, says why, and a reload stays there', async () => {
    const { app, browser } = env;
    const { context, page, contactEmail } = await personWithConfirmedContact(app, browser, 'otro-telefono');
    await sosButton(page).click();
    await page.waitForURL('**/web/active');
    // The screen asks the server about the alert: its bearer token is the person's, as another phone of theirs would hold one.
    const asked = await page.waitForRequest((request) => request.url().endsWith('/api/alert-deliveries'));
    const authorization = (await asked.allHeaders()).authorization ?? '';
    await page.getByText('A quién llegó tu alerta').waitFor();

    const ended = await fetch(`${app.url}/api/active-button`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: authorization, 'Idempotency-Key': randomUUID() },
      body: JSON.stringify({
        alert_status: '2',
        latitude: '',
        longitude: '',
        timezone: 'America/New_York',
        pressed_at: new Date().toISOString(),
      }),
    });
    expect(ended.status).toBe(200);
    await waitForMail(app.dataDir, { to: contactEmail, subject: /finalizó su alerta SOS/ });

    await page.waitForURL('**/web/home');
    await page.getByText('Tu alerta ya estaba finalizada.').waitFor();
    await sosButton(page).waitFor();
    expect(await sosButton(page).isEnabled()).toBe(true);

    await context.addInitScript(RECORD_PATHS);
    await page.reload();
    await appStarted(page);
    await sosButton(page).waitFor();
    expect(await pathsShown(page)).toEqual(['/web/home']);
    await context.close();
  });
});
