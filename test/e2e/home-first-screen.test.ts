import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { personWithConfirmedContact } from '#test/support/sos-flows.ts';

// Home's first screen on three common phones, without scrolling: the SOS button, the line
// under it and the start of 'Avísales si no vuelvo' (its card's title and first button) are
// all shown whole, above the 'Ayuda' band and the navigation, and nothing is drawn over them.
// Then the same for a running check-in: its title and 'Estoy bien'.

const running = appAndChromiumPerFile();

const PHONES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 412, height: 915 },
];

/** For each element: whether it lies whole in the viewport and is what is drawn at its top, middle and bottom. */
async function seenWhole(page: Page, named: Record<string, Locator>) {
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

describe("home's first screen", () => {
  it('shows SOS, the line under it and the start of the check-in card without scrolling at 360x740, 390x844 and 412x915', async () => {
    const { context, page } = await personWithConfirmedContact(running.app, running.browser, 'primera-pantalla');
    const findings: Record<string, unknown> = {};
    for (const phone of PHONES) {
      await page.setViewportSize(phone);
      await page.goto(`${running.app.url}/web/home`);
      await page.getByRole('button', { name: 'Ayuda' }).waitFor();
      const seen = await seenWhole(page, {
        sos: page.getByRole('button', { name: /^SOS/ }),
        line: page.getByText('Tu ubicación se enviará con tu alerta.'),
        checkIn: page.getByRole('link', { name: 'Avísales si no vuelvo' }),
      });
      findings[`${phone.width}x${phone.height}`] = seen;
    }

    // A running check-in: its title and 'Estoy bien' on the first screen too.
    await page.setViewportSize(PHONES[0]!);
    await page.getByRole('link', { name: 'Avísales si no vuelvo' }).click();
    await page.getByRole('radio', { name: 'Trabajo' }).check();
    await page.getByRole('radio', { name: '1 hora' }).check();
    await page.getByRole('button', { name: 'Activar aviso' }).click();
    await page.waitForURL('**/web/home');
    const card = page.getByRole('region', { name: 'Aviso en curso' });
    await card.getByText('Tiempo restante:').waitFor();
    const runningFindings: Record<string, unknown> = {};
    for (const phone of PHONES) {
      await page.setViewportSize(phone);
      await page.goto(`${running.app.url}/web/home`);
      await card.getByText('Tiempo restante:').waitFor();
      await page.getByRole('button', { name: 'Ayuda' }).waitFor();
      runningFindings[`${phone.width}x${phone.height}`] = await seenWhole(page, {
        sos: page.getByRole('button', { name: /^SOS/ }),
        title: card.getByRole('heading', { name: 'Aviso en curso' }),
        ok: card.getByRole('button', { name: 'Estoy bien' }),
      });
    }
    const everywhere = <T>(seen: T) =>
      Object.fromEntries(PHONES.map((phone) => [`${phone.width}x${phone.height}`, seen]));
    expect({ home: findings, running: runningFindings }).toEqual({
      home: everywhere({ sos: true, line: true, checkIn: true }),
      running: everywhere({ sos: true, title: true, ok: true }),
    });
    await context.close();
  }, 120_000);
});
