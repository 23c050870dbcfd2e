import type { Page } from 'playwright-core';

/** The least room between two buttons side by side or one above the other: a finger meant for one must not land on the other. */
export const MIN_BUTTON_GAP_PX = 8;

/**
 * Pairs of buttons (and links drawn as buttons) that sit next to each other, in a row or a column,
 * with less than MIN_BUTTON_GAP_PX between their edges: named by their words, with the gap found.
 * Buttons in a fixed or sticky layer count only with the buttons of that layer; hidden and inert ones not at all.
 */
export function touchingButtons(page: Page): Promise<string[]> {
  return page.evaluate((min) => {
    const name = (element: HTMLElement) =>
      (element.getAttribute('aria-label') || element.textContent || element.tagName).trim().replace(/\s+/g, ' ');
    const buttons = Array.from(
      document.querySelectorAll<HTMLElement>('button, a.button, [role="button"], input[type="submit"]'),
    ).filter((element) => {
      if (element.closest('[hidden], [inert], [aria-hidden="true"]')) return false;
      const box = element.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
    });
    // A floating button or a bar (fixed or sticky) moves over the page: whether it hides a control is
    // test/e2e/help-button-clearance.test.ts's to judge. Here its buttons pair only with each other.
    const layerOf = (element: HTMLElement) => {
      for (let at: HTMLElement | null = element; at; at = at.parentElement)
        if (['fixed', 'sticky'].includes(getComputedStyle(at).position)) return at;
      return null;
    };
    const found: string[] = [];
    for (const [index, one] of buttons.entries()) {
      for (const other of buttons.slice(index + 1)) {
        if (one.contains(other) || other.contains(one) || layerOf(one) !== layerOf(other)) continue;
        const a = one.getBoundingClientRect();
        const b = other.getBoundingClientRect();
        const sideBySide = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0;
        const stacked = Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0;
        const gap = stacked
          ? Math.max(b.top - a.bottom, a.top - b.bottom)
          : sideBySide
            ? Math.max(b.left - a.right, a.left - b.right)
            : Infinity;
        if (gap < min - 0.5) found.push(`«${name(one)}» and «${name(other)}»: ${Math.round(gap)} px apart`);
      }
    }
    return found;
  }, MIN_BUTTON_GAP_PX);
}
