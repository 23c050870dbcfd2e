import type { Page } from 'playwright-core';

/**
 * Resolves once the app's whole first screen is drawn (`<html data-app-started>`, lib/first-paint.ts):
 * until then the screen may be index.html's early home, whose SOS button and offline line have the
 * app's names, so a check made earlier can pass or fail on the early home instead of the app.
 */
export async function appStarted(page: Page): Promise<void> {
  await page.locator('html[data-app-started]').waitFor({ state: 'attached' });
}
