import type { Page } from 'playwright-core';

/**
 * How long a phone may take to install the app's worker and be controlled by it. Alone on a quiet
 * machine it takes seconds; several phones installing at once on a loaded CI machine each fetch the
 * whole precache side by side, and a run once saw five of them pass 30 s together.
 */
const INSTALL_TIMEOUT_MS = 120_000;

/** Until the app's service worker controls `page` (installed, activated and claimed). */
export async function controlledByWorker(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, {
    timeout: INSTALL_TIMEOUT_MS,
  });
}
