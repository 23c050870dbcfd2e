import type { Page } from 'playwright-core';

/**
 * The controls on screen whose centre is under a notice (a toast): what a tap there would hit
 * instead of the control. Named by their text or label, for the failure message.
 */
export async function controlsUnderNotices(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = Array.from(
      document.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, [role="button"]'),
    ).filter((control) => !control.closest('.toast'));
    const covered: string[] = [];
    for (const control of controls) {
      const box = control.getBoundingClientRect();
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (box.width === 0 || x < 0 || y < 0 || x >= innerWidth || y >= innerHeight) continue;
      if (document.elementFromPoint(x, y)?.closest('.toast')) {
        covered.push(control.textContent?.trim() || control.getAttribute('aria-label') || control.tagName);
      }
    }
    return covered;
  });
}
