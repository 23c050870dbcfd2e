import type { Page } from 'playwright-core';
import { describe, it } from 'vitest';
import { firstnameRequired, kinshipRequired } from '#shared/field-messages.ts';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { onEveryPhone, PHONES } from '#test/support/first-screen.ts';
import { layoutsOnceSettled } from '#test/support/layouts-over-frames.ts';
import { personWithConfirmedContact } from '#test/support/sos-flows.ts';
import { resizeTo } from '#test/support/viewport.ts';

// A contact's page and the contact form use home's fold hook (src/client/ui/room-at-the-fold.ts): it
// places a control cut by the 'Ayuda' band just below it, and places it again when the page changes
// size. Once placed, nothing may keep moving: a field or a choice that jumps every frame cannot be
// pressed. Checked with and without the system's request for less motion, which changes how every
// style change is drawn, and on the form again once every error shows (the page grows).

const running = appAndChromiumPerFile();

/** At each phone, how many layouts of the page's controls 30 frames saw once the new size was placed. */
async function layoutsAtEachPhone(page: Page) {
  const counts: Record<string, number> = {};
  for (const phone of PHONES) {
    await resizeTo(page, phone);
    counts[`${phone.width}x${phone.height}`] = await layoutsOnceSettled(page);
  }
  await resizeTo(page, PHONES[0]);
  return counts;
}

describe.concurrent("a contact's page and the contact form", () => {
  for (const reducedMotion of ['reduce', 'no-preference'] as const) {
    it(`stand still once drawn, the form also with every error shown, at 360x740, 390x844 and 412x915, and answer a press (reduced motion: ${reducedMotion})`, async ({
      expect,
    }) => {
      const tag = `contacto-quieto-${reducedMotion}`;
      const { context, page } = await personWithConfirmedContact(running.app, running.browser, tag, undefined, {
        contextOptions: { viewport: PHONES[0], reducedMotion },
        person: { firstname: 'Lucía', lastname: 'Quieta', phone: '+12025550144' },
        contactConfirmed: false,
      });

      // Jorge has not accepted yet: his page shows 'Reenviar invitación' with his state.
      await page.getByRole('link', { name: /^Jorge Paz \S+@/ }).click();
      await page.waitForURL('**/web/contact/*');
      await page.getByRole('heading', { name: 'Jorge Paz' }).waitFor();
      await page.getByRole('button', { name: 'Reenviar invitación' }).waitFor();
      expect(await layoutsAtEachPhone(page)).toEqual(onEveryPhone(1));
      // A press lands: a control that moved every frame would keep Playwright waiting for it to stand still.
      await page.getByRole('radio', { name: 'English' }).check({ timeout: 15_000 });
      await page.getByText('Guardamos el idioma de sus correos.').waitFor();

      await page.getByRole('link', { name: 'Agregar Contacto' }).click();
      await page.waitForURL('**/web/contact');
      const save = page.getByRole('button', { name: 'Guardar contacto' });
      await save.waitFor();
      expect(await layoutsAtEachPhone(page)).toEqual(onEveryPhone(1));
      // Sent empty: every field says what it needs, and the page grows.
      await save.click({ timeout: 15_000 });
      await page.getByText(firstnameRequired).waitFor();
      await page.getByText(kinshipRequired).waitFor();
      expect(await layoutsAtEachPhone(page)).toEqual(onEveryPhone(1));
      await page.getByRole('radio', { name: 'Português' }).check({ timeout: 15_000 });
      expect(await page.getByRole('radio', { name: 'Português' }).isChecked()).toBe(true);
      await context.close();
    });
  }
});
