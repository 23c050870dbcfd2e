import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { axeViolations } from '#test/support/accessibility-checks.ts';
import { smallTargets } from '#test/support/small-targets.ts';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { sidewaysScroll } from '#test/support/sideways-scroll.ts';
import { DESK_DESKTOP, DESK_PHONE, walkTheDesk } from '#test/support/desk-walk.ts';
import { resizeTo } from '#test/support/viewport.ts';

// Every screen of the firm's desk, with real data on it, on a desktop and on a 360x740 phone (staff
// on call carry phones): axe-core finds nothing, and every control is a touch target of at least
// 44x44 px, and on the phone nothing needs a sideways scroll and the header leaves the screen to
// the alerts, its controls in the order Tab takes them. Findings are gathered over the whole
// walk and compared at the end, so one run tells all.

/** src/client/features/app-update/offline-ready-notice.tsx */
const READY_OFFLINE = 'Listo: la aplicación ya funciona sin conexión.';

const both = appAndChromiumPerFile();

/** On a phone, the most of the screen's height the desk's header may take: the rest is for the alerts. */
const PHONE_HEADER_MOST_PX = 200;

/**
 * The desk's header on a phone: its height when over PHONE_HEADER_MOST_PX, and every control that
 * Tab reaches before one it sits below or to the right of on its line (focus and eye part ways).
 */
async function phoneHeaderFindings(page: Page): Promise<string[]> {
  const header = page.getByRole('banner');
  if ((await header.count()) === 0) return [];
  const height = (await header.boundingBox())?.height ?? 0;
  const controls = await header.locator('a, button, input').evaluateAll((elements) =>
    elements.map((element) => {
      const { top, left, height: h } = element.getBoundingClientRect();
      return {
        name: element.getAttribute('aria-label') ?? element.closest('label')?.textContent ?? element.textContent,
        top,
        left,
        h,
      };
    }),
  );
  const outOfOrder = controls.slice(1).flatMap((control, i) => {
    const before = controls[i]!;
    const sameLine = Math.abs(control.top + control.h / 2 - (before.top + before.h / 2)) < before.h / 2;
    const after = sameLine ? control.left > before.left : control.top > before.top;
    return after ? [] : [`Tab goes from «${before.name}» to «${control.name}», which comes before it on the screen`];
  });
  return [...(height > PHONE_HEADER_MOST_PX ? [`header ${Math.round(height)} px tall`] : []), ...outOfOrder];
}

describe("the firm's desk is accessible", () => {
  it("'Entrar', 'Alertas activas' with a card, the case, 'Buscar' with a result, 'Registro' and 'Equipo', on a desktop and on a phone", async () => {
    const findings: Record<string, string[]> = {};
    const screens: string[] = [];
    await walkTheDesk(both.app, both.browser, async (screen, page) => {
      screens.push(screen);
      for (const [size, viewport] of [
        ['desktop', DESK_DESKTOP],
        ['phone 360x740', DESK_PHONE],
      ] as const) {
        await resizeTo(page, viewport);
        const found = [
          // The person's app's first-install line is no news for staff, and the desk is not offline-ready.
          ...((await page.getByText(READY_OFFLINE).count()) > 0 ? [`shows '${READY_OFFLINE}'`] : []),
          ...(await axeViolations(page)).map((violation) => `axe: ${violation}`),
          ...(await smallTargets(page)).map((target) => `target under 44 px: ${target}`),
          // A phone is read top to bottom: the desktop has room for its tables.
          ...(viewport === DESK_PHONE ? await sidewaysScroll(page) : []).map((box) => `scrolls sideways: ${box}`),
          ...(viewport === DESK_PHONE ? await phoneHeaderFindings(page) : []),
        ];
        if (found.length > 0) findings[`${screen} (${size})`] = found;
      }
      await resizeTo(page, DESK_DESKTOP);
    });
    expect(screens).toEqual([
      'Escritorio: entrar',
      'Escritorio: alertas activas',
      'Escritorio: caso',
      'Escritorio: buscar',
      'Escritorio: registro',
      'Escritorio: equipo',
    ]);
    expect(findings).toEqual({});
  });
});
