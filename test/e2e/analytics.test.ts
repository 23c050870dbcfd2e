import type { BrowserContext } from 'playwright-core';
import { expect, it } from 'vitest';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { codeFrom, waitForMail } from '#test/support/mailbox.ts';
import { MIAMI, endAlertAndWaitForMail, personWithConfirmedContact, sosButton } from '#test/support/sos-flows.ts';

// DESIGN.md section 7 and SPEC.md section 7 in a real Chromium: with GTM_ID set, the
// tag manager's script is loaded and runs under our Content-Security-Policy, and
// what the app tells it along a whole sign-up and alert carries nothing personal.

const GTM_ID = 'GTM-TEST123';

const running = appAndChromiumPerFile({ GTM_ID });

/** Google's script, stood in for by one that notes it ran (a script the CSP blocked never runs). */
async function fakeTagManager(context: BrowserContext, requested: string[]) {
  await context.route('https://www.googletagmanager.com/**', async (route) => {
    requested.push(route.request().url());
    await route.fulfill({ contentType: 'text/javascript', body: 'window.tagManagerRan = true;' });
  });
}

it('loads the tag manager under the CSP, and no event carries a name, e-mail, phone, code or position', async () => {
  const requested: string[] = [];
  const tag = 'analitica';
  const { page, contactEmail, email } = await personWithConfirmedContact(running.app, running.browser, tag, (context) =>
    fakeTagManager(context, requested),
  );
  await page.waitForFunction(() => (window as { tagManagerRan?: boolean }).tagManagerRan === true);
  expect(requested).toEqual([`https://www.googletagmanager.com/gtm.js?id=${GTM_ID}`]);

  await page.getByText('Tu ubicación se enviará con tu alerta.').waitFor();
  await sosButton(page).click();
  await page.waitForURL('**/web/active');
  await endAlertAndWaitForMail(running.app, page, contactEmail);

  const dataLayer = await page.evaluate(() => JSON.stringify(window.dataLayer));
  const events = (JSON.parse(dataLayer) as { event?: string }[]).map((entry) => entry.event);
  expect(events).toContain('gtm.js');
  expect(events).toContain('panic_activate');
  expect(events).toContain('panic_deactivate');

  const code = codeFrom(await waitForMail(running.app.dataDir, { to: email, subject: /Tu código de acceso/ }));
  const personal = [email, contactEmail, 'Elena', tag, 'Jorge', 'Paz', '2025550143', '3055550100'];
  personal.push(String(MIAMI.latitude).slice(0, 5), String(MIAMI.longitude).slice(0, 6));
  for (const value of personal) expect(dataLayer).not.toContain(value);
  // The code as a number of its own (a timestamp may hold the same six digits inside it).
  expect(dataLayer).not.toMatch(new RegExp(`\\b${code}\\b`));
});
