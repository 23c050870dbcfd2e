import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { AxeResults, Result } from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

// What the browser tests measure on a screen besides its behaviour: axe-core's
// rules (WCAG 2.1 A and AA plus best practices) and the house rules axe has no
// rule for (DESIGN.md section 6): lang, a title per screen, text of at
// least 16 px, touch targets of at least 48 px and no motion for those who ask.

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

let axeSource: Promise<string> | undefined;

/** axe-core's own browser build, evaluated in the page (the app's CSP allows no inline script tag). */
async function injectAxe(page: Page): Promise<void> {
  axeSource ??= readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  if (await page.evaluate(() => 'axe' in window)) return;
  await page.evaluate(await axeSource);
}

/** Every violation axe finds in the whole document, as one readable line per element. */
export async function axeViolations(page: Page): Promise<string[]> {
  await injectAxe(page);
  const results = await page.evaluate(
    (tags) =>
      (window as unknown as { axe: { run: (context: Document, options: object) => Promise<AxeResults> } }).axe.run(
        document,
        { runOnly: tags },
      ),
    AXE_TAGS,
  );
  return results.violations.flatMap((violation: Result) =>
    violation.nodes.map(
      (node) =>
        `${violation.id} (${violation.impact ?? 'n/a'}) at ${node.target.join(' ')}: ${node.failureSummary?.replace(/\s+/g, ' ') ?? violation.help}`,
    ),
  );
}

/** Visible text of less than 16 px: one line per element, with its size and its words. */
export function smallText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const seen = new Set<Element>();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || seen.has(element) || !node.textContent?.trim()) continue;
      seen.add(element);
      if (element.closest('[aria-hidden="true"], .visually-hidden, [hidden], script, style')) continue;
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const size = parseFloat(getComputedStyle(element).fontSize);
      if (size < 16)
        found.push(
          `${size}px: ${element.tagName.toLowerCase()}.${element.className} "${node.textContent.trim().slice(0, 40)}"`,
        );
    }
    return found;
  });
}

/** Buttons, links and fields shorter than 48 px (links inside a sentence excepted: they are text). */
export function smallTargets(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, [role="button"]'))
      .filter((element) => !element.closest('[inert]') && !(element.tagName === 'A' && element.closest('p')))
      // A box or a radio inside its label is tapped through the label: the label is its target.
      .map((element) => {
        const choice = element instanceof HTMLInputElement && ['checkbox', 'radio'].includes(element.type);
        const target = (choice && element.closest('label')) || element;
        return { element, rect: target.getBoundingClientRect() };
      })
      .filter(({ rect }) => rect.width > 0 && rect.height > 0 && rect.height < 48)
      .map(
        ({ element, rect }) =>
          `${Math.round(rect.height)}px: ${element.tagName.toLowerCase()} "${(element.textContent || element.getAttribute('aria-label') || '').trim().slice(0, 40)}"`,
      ),
  );
}

/** With `prefers-reduced-motion: reduce`, elements that still animate or transition. */
export function movingElements(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    /** More than 10 ms in any of a list of CSS times ('0.2s, 1e-05s'). */
    const lasts = (times: string) =>
      times.split(',').some((time) => parseFloat(time) * (time.trim().endsWith('ms') ? 1 : 1000) > 10);
    return Array.from(document.querySelectorAll<HTMLElement>('*'))
      .map((element) => ({ element, style: getComputedStyle(element) }))
      .filter(
        ({ style }) =>
          (style.animationName !== 'none' && lasts(style.animationDuration)) || lasts(style.transitionDuration),
      )
      .map(
        ({ element, style }) =>
          `${element.tagName.toLowerCase()}.${element.className}: animation ${style.animationName} ${style.animationDuration}, transition ${style.transitionDuration}`,
      );
  });
}

/** axe-core, text under 16 px and touch targets under 44 px on `screen`: none of each. */
export async function expectAccessible(page: Page, screen: string): Promise<void> {
  expect({
    screen,
    axe: await axeViolations(page),
    text: await smallText(page),
    targets: await smallTargets(page),
  }).toEqual({
    screen,
    axe: [],
    text: [],
    targets: [],
  });
}
