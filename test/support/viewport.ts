import type { Page } from 'playwright-core';

/** Resolves once two more frames have been drawn: by then what a layout change re-places (resize events, size observers) has run. */
export function twoFramesDrawn(page: Page): Promise<void> {
  return page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * The page at `size`, once the page has answered it: Playwright may resolve as soon as the browser
 * has the new size, before the frame whose resize event and size observers place parts by the fold.
 */
export async function resizeTo(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await twoFramesDrawn(page);
}
