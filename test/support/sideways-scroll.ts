import type { Page } from 'playwright-core';

/**
 * What makes a reader scroll sideways: the page wider than the window, or a box inside it that
 * scrolls sideways (a table in an `overflow-x: auto` region hides from the page's own width).
 * Named by tag, id or label, with how much wider than shown; empty when everything fits.
 */
export async function sidewaysScroll(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > window.innerWidth)
      found.push(`the page (${root.scrollWidth} px in a ${window.innerWidth} px window)`);
    for (const box of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const { overflowX } = getComputedStyle(box);
      if (overflowX !== 'auto' && overflowX !== 'scroll') continue;
      if (box.scrollWidth <= box.clientWidth) continue;
      const name = box.getAttribute('aria-label') || box.id || box.className || box.tagName;
      found.push(`${name} (${box.scrollWidth} px in ${box.clientWidth} px)`);
    }
    return found;
  });
}
