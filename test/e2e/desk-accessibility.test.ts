import { describe, expect, it } from 'vitest';
import { axeViolations } from '#test/support/accessibility-checks.ts';
import { smallTargets } from '#test/support/small-targets.ts';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { sidewaysScroll } from '#test/support/sideways-scroll.ts';
import { DESK_DESKTOP, DESK_PHONE, walkTheDesk } from '#test/support/desk-walk.ts';

// Every screen of the firm's desk, with real data on it, on a desktop and on a 360x740 phone (staff
// on call carry phones): axe-core finds nothing, and every control is a touch target of at least
// 44x44 px, and on the phone nothing needs a sideways scroll. Findings are gathered over the whole
// walk and compared at the end, so one run tells all.

/** src/client/features/app-update/offline-ready-notice.tsx */
const READY_OFFLINE = 'Listo: la aplicación ya funciona sin conexión.';

const both = appAndChromiumPerFile();

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
        await page.setViewportSize(viewport);
        const found = [
          // The person's app's first-install line is no news for staff, and the desk is not offline-ready.
          ...((await page.getByText(READY_OFFLINE).count()) > 0 ? [`shows '${READY_OFFLINE}'`] : []),
          ...(await axeViolations(page)).map((violation) => `axe: ${violation}`),
          ...(await smallTargets(page)).map((target) => `target under 44 px: ${target}`),
          // A phone is read top to bottom: the desktop has room for its tables.
          ...(viewport === DESK_PHONE ? await sidewaysScroll(page) : []).map((box) => `scrolls sideways: ${box}`),
        ];
        if (found.length > 0) findings[`${screen} (${size})`] = found;
      }
      await page.setViewportSize(DESK_DESKTOP);
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
