import { expect, it } from 'vitest';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { controlledByWorker } from '#test/support/service-worker.ts';

const running = appAndChromiumPerFile();

it('is controlled by the service worker from the first visit and reopens with no network', async () => {
  const context = await running.browser.newContext({ locale: 'es-US' });
  const page = await context.newPage();
  await page.goto(`${running.app.url}/web`);
  await page.waitForURL('**/web/auth/signin');

  // The first install claims the page at once (no reload needed).
  await controlledByWorker(page);
  const scriptURL = await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL);
  expect(scriptURL).toBe(`${running.app.url}/build/sw.js`);

  await context.setOffline(true);
  await page.goto(`${running.app.url}/web/auth/signin`);
  await page.getByLabel(/correo/i).waitFor();
  await page.goto(`${running.app.url}/unauthorized`);
  await page.getByText('Acceso Denegado').waitFor();
  await context.close();
});
