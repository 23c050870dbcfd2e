import type { Page } from 'playwright-core';

/** The smallest a finger can hit surely (WCAG 2.5.5, and Apple's and Google's guides): 44 by 44 CSS px. */
export const MIN_TARGET_PX = 44;

/**
 * The visible controls whose touch target is smaller than 44x44 px. A checkbox or a radio counts
 * its label when it sits inside one (a tap on the label ticks it). Named by text or label.
 */
export async function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const controls = Array.from(
      document.querySelectorAll<HTMLElement>('button, a[href], input:not([type="hidden"]), select, textarea'),
    );
    const small: string[] = [];
    for (const control of controls) {
      const choice = control instanceof HTMLInputElement && ['checkbox', 'radio'].includes(control.type);
      const target = (choice && control.closest('label')) || control;
      const box = target.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      if (getComputedStyle(control).visibility === 'hidden') continue;
      if (box.width < min - 0.5 || box.height < min - 0.5) {
        const name = control.getAttribute('aria-label') || control.textContent?.trim() || control.id || control.tagName;
        small.push(`${name} (${Math.round(box.width)}x${Math.round(box.height)})`);
      }
    }
    return small;
  }, MIN_TARGET_PX);
}
