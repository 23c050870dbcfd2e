import { describe, it } from 'vitest';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { onEveryPhone, PHONES } from '#test/support/first-screen.ts';
import { layoutsOnceSettled } from '#test/support/layouts-over-frames.ts';
import { personWithConfirmedContact } from '#test/support/sos-flows.ts';
import { resizeTo } from '#test/support/viewport.ts';

// Home places what follows its SOS panels whole above the 'Ayuda' band or just below it, and places
// it again when the page changes size. Once placed, nothing on home may keep moving: a card that
// jumps every frame cannot be pressed. Checked with and without the system's request for less motion,
// which changes how every style change is drawn.

const running = appAndChromiumPerFile();

describe.concurrent('home with a contact', () => {
  for (const reducedMotion of ['reduce', 'no-preference'] as const) {
    it(`stands still once drawn, at 360x740, 390x844 and 412x915, and its contact card answers a press (reduced motion: ${reducedMotion})`, async ({
      expect,
    }) => {
      const tag = `quieta-${reducedMotion}`;
      const { context, page } = await personWithConfirmedContact(running.app, running.browser, tag, undefined, {
        contextOptions: { viewport: PHONES[0], reducedMotion },
        person: { firstname: 'Lucía', lastname: 'Quieta' },
      });
      const card = page.getByRole('link', { name: /^Jorge Paz \S+@.*Verificado/ });
      await card.waitFor();
      await page.getByText('Tu ubicación se enviará con tu alerta.').waitFor();

      const layoutCounts: Record<string, number> = {};
      for (const phone of PHONES) {
        await resizeTo(page, phone);
        layoutCounts[`${phone.width}x${phone.height}`] = await layoutsOnceSettled(page);
      }
      expect(layoutCounts).toEqual(onEveryPhone(1));

      await card.click({ timeout: 15_000 });
      await page.waitForURL('**/web/contact/*');
      await page.getByRole('heading', { name: 'Jorge Paz' }).waitFor();
      await context.close();
    });
  }
});
