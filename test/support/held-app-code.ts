import type { BrowserContext } from 'playwright-core';

/** The app's entry script in build/ (Vite names it by its content). */
const ENTRY_SCRIPT = /\/build\/assets\/index-[\w-]+\.js$/;

/** Holds the app's code on the network until `release()`: the page shows only what index.html draws. */
export async function holdAppCode(context: BrowserContext): Promise<{ release: () => void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await context.route(ENTRY_SCRIPT, async (route) => {
    await held;
    await route.continue();
  });
  return { release };
}
