import type { Locator, Page } from 'playwright-core';

/** Three common phones: every first screen is checked on each. */
export const PHONES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 412, height: 915 },
] as const;

/** The same finding at each of the three phones, keyed as the checks key them ('360x740'). */
export const onEveryPhone = <T>(seen: T): Record<string, T> =>
  Object.fromEntries(PHONES.map((phone) => [`${phone.width}x${phone.height}`, seen]));

/**
 * For each element, with the page where it is: whether it lies whole in the viewport and is what is
 * drawn at its top, middle and bottom (so no fixed bar, band or button is over it).
 */
export async function seenWhole(page: Page, named: Record<string, Locator>): Promise<Record<string, boolean | string>> {
  const seen: Record<string, boolean | string> = {};
  for (const [name, locator] of Object.entries(named)) {
    await locator.waitFor();
    const handle = await locator.elementHandle();
    seen[name] = await page.evaluate((element) => {
      if (!element) return 'missing';
      const rect = element.getBoundingClientRect();
      if (rect.top < 0 || rect.bottom > window.innerHeight || rect.left < 0 || rect.right > window.innerWidth)
        return `outside the screen: top ${Math.round(rect.top)}, bottom ${Math.round(rect.bottom)} of ${window.innerHeight}`;
      const x = rect.left + rect.width / 2;
      for (const y of [rect.top + 2, rect.top + rect.height / 2, rect.bottom - 2]) {
        const at = document.elementFromPoint(x, y);
        if (!at || !(at === element || element.contains(at)))
          return `covered at ${Math.round(y)} by ${at?.className || at?.tagName || 'nothing'}`;
      }
      return true;
    }, handle);
  }
  return seen;
}

/**
 * Every line of text and every control of the page, each scrolled into view the way focus and
 * find-in-page do it, then sampled across its box: the ones a fixed bar (position fixed or sticky)
 * is drawn over, with the bar's words. The page is left at its top.
 */
export function textUnderFixedBars(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const isBar = (element: Element) => ['fixed', 'sticky'].includes(getComputedStyle(element).position);
    const barOf = (element: Element | null) => {
      for (let at = element; at; at = at.parentElement) if (isBar(at)) return at;
      return null;
    };
    const under: string[] = [];
    const selector = 'h1, h2, h3, p, li, label, small, a[href], button, [role="status"], [role="note"]';
    for (const element of document.querySelectorAll<HTMLElement>(selector)) {
      if (barOf(element) || element.closest('[hidden], [inert]')) continue;
      if (element.getClientRects().length === 0 || getComputedStyle(element).visibility === 'hidden') continue;
      element.scrollIntoView({ block: 'nearest', inline: 'nearest' });
      const rect = element.getBoundingClientRect();
      const points = [0.1, 0.5, 0.9].flatMap((x) =>
        [0.05, 0.5, 0.95].map((y) => [rect.left + rect.width * x, rect.top + rect.height * y] as const),
      );
      const bar = points.map(([x, y]) => barOf(document.elementFromPoint(x, y))).find((found) => found !== null);
      if (bar)
        under.push(
          `${element.tagName.toLowerCase()} «${(element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50)}» under «${(bar.textContent ?? '').trim().slice(0, 30)}»`,
        );
    }
    window.scrollTo(0, 0);
    return under;
  });
}
