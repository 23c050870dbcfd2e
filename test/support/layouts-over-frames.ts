import type { Page } from 'playwright-core';

/**
 * Where each control of the page is (a field, a button, a link, the label around a choice: what the
 * fold hook places), frame after frame for `frames` frames: the distinct layouts seen, each a list of
 * 'name top-bottom' in page coordinates. One layout means nothing moved.
 */
export function layoutsOverFrames(page: Page, frames: number): Promise<string[]> {
  return page.evaluate(async (count) => {
    const selector = 'a[href], button, input:not([type="hidden"]), select, textarea, label:has(input)';
    const seen = new Set<string>();
    for (let frame = 0; frame < count; frame += 1) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      const controls = [...document.querySelectorAll<HTMLElement>(selector)].map((control) => {
        const box = control.getBoundingClientRect();
        const name = (control.getAttribute('aria-label') || control.textContent || control.getAttribute('name') || '')
          .trim()
          .slice(0, 30);
        return `${name} ${Math.round(box.top + scrollY)}-${Math.round(box.bottom + scrollY)}`;
      });
      seen.add(controls.join(' | '));
    }
    return [...seen];
  }, frames);
}

/** Two frames for a new size and the observers it wakes, then `frames` watched: how many layouts were seen. */
export async function layoutsOnceSettled(page: Page, frames = 30): Promise<number> {
  await layoutsOverFrames(page, 2);
  return (await layoutsOverFrames(page, frames)).length;
}
