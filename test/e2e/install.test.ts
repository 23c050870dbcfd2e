import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it, onTestFinished } from 'vitest';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { launchPersistentChromium } from '#test/support/chromium.ts';
import { enterWithoutContacts } from '#test/support/seeded-person.ts';
import { controlledByWorker } from '#test/support/service-worker.ts';

// SPEC.md section 2's install button and the manifest behind it, in a real Chromium
// against the real server: installable as it is, the browser's own prompt where
// there is one, and the step-by-step guide on an iPhone.

const IPHONE_SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const running = appAndChromiumPerFile();

/** What the late-offer test keeps on the page: the shifts seen, and where home's elements were. */
type LateOfferProbe = Window & {
  shifts: { value: number; moved: string[] }[];
  placed: { element: Element; box: string }[];
};
/** The Layout Instability API's entry, not in TypeScript's DOM types. */
type LayoutShiftEntry = PerformanceEntry & { value: number; sources: { node: Node | null }[] };

const installButton = (page: Page) => page.getByRole('button', { name: 'Instalar la aplicación' });

/**
 * A person on home with no contacts, declared so: made through the API and entered with the e-mailed
 * code (the shortest way in; sign-up's screens have tests of their own).
 */
async function personOnHome(context: BrowserContext, tag: string): Promise<Page> {
  const page = await context.newPage();
  await enterWithoutContacts(page, running.app, tag);
  await page.getByRole('button', { name: 'SOS: avisar a mis contactos' }).waitFor();
  return page;
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): string {
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe('installing the app', () => {
  it('Chromium finds it installable, and every icon is a PNG of the size the manifest says', async () => {
    // A profile on disk: Chromium never offers to install from an incognito context, which newContext() makes.
    const profile = await mkdtemp(path.join(tmpdir(), 'sos-install-profile-'));
    const context = await launchPersistentChromium(profile, { locale: 'es-US' });
    onTestFinished(async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    });
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto(`${running.app.url}/web/auth/signin`);
    await controlledByWorker(page);

    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);

    const { url, errors, data } = await cdp.send('Page.getAppManifest');
    expect(url).toBe(`${running.app.url}/build/manifest.webmanifest`);
    expect(errors).toEqual([]);
    const manifest = JSON.parse(data ?? '{}') as {
      icons: Array<{ src: string; sizes: string; type: string; purpose: string }>;
    };
    expect(manifest).toMatchObject({
      name: 'Botón de Pánico Migratorio',
      start_url: '/web/home',
      scope: '/',
      display: 'standalone',
    });
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);

    const appleTouchIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    const icons = [...manifest.icons, { src: appleTouchIcon ?? 'missing', sizes: '180x180' }];
    for (const icon of icons) {
      const reply = await context.request.get(new URL(icon.src, running.app.url).href);
      expect(reply.status(), icon.src).toBe(200);
      expect(reply.headers()['content-type'], icon.src).toBe('image/png');
      expect(pngSize(await reply.body()), icon.src).toBe(icon.sizes);
    }
  });

  it("where the browser offers the install, the button opens the browser's prompt and goes after the answer", async () => {
    const context = await running.browser.newContext({ locale: 'es-US', viewport: { width: 390, height: 844 } });
    const page = await personOnHome(context, 'android');

    // What Chromium fires when it would install the app; the person then accepts its prompt.
    const keptFromBrowserBar = await page.evaluate(() => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: () => {
          document.body.dataset.installPrompts = String(Number(document.body.dataset.installPrompts ?? 0) + 1);
          return Promise.resolve();
        },
        userChoice: Promise.resolve({ outcome: 'accepted', platform: 'web' }),
      });
      window.dispatchEvent(offer);
      return offer.defaultPrevented;
    });
    expect(keptFromBrowserBar).toBe(true);

    const button = installButton(page);
    await button.waitFor();
    expect((await button.boundingBox())?.height).toBeGreaterThanOrEqual(48);
    await button.click();
    await button.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.body.dataset.installPrompts)).toBe('1');
    expect(await page.evaluate(() => window.dataLayer?.filter((entry) => entry.event === 'install'))).toEqual([
      { event: 'install', outcome: 'accepted' },
    ]);
    await context.close();
  });

  it('an install offer that comes after home is drawn moves nothing on the screen', async () => {
    const context = await running.browser.newContext({
      locale: 'es-US',
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await personOnHome(context, 'late-offer');
    // Home complete, its panels included, and the worker in charge: the offer comes after all of it.
    await page.getByText('No tienes contactos de emergencia registrados').waitFor();
    await page.getByRole('link', { name: 'Probar alerta' }).waitFor();
    await controlledByWorker(page);

    // From now on: every layout shift, and where each element of home was.
    await page.evaluate(() => {
      const probe = window as unknown as LateOfferProbe;
      probe.shifts = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as LayoutShiftEntry[])
          probe.shifts.push({
            value: entry.value,
            moved: entry.sources.map((source) => source.node?.textContent?.trim().slice(0, 40) ?? '?'),
          });
      }).observe({ type: 'layout-shift' });
      probe.placed = [...document.querySelectorAll('main *')].map((element) => ({
        element,
        box: JSON.stringify(element.getBoundingClientRect()),
      }));
    });

    // The browser's offer, late, as Chromium makes it.
    await page.evaluate(() => {
      const offer = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
        prompt: () => Promise.resolve(),
        userChoice: Promise.resolve({ outcome: 'dismissed', platform: 'web' }),
      });
      window.dispatchEvent(offer);
    });
    const button = installButton(page);
    await button.waitFor();
    // Two frames drawn with the button: any shift it caused has been measured and reported.
    const { shifts, moved } = await page.evaluate(async () => {
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const probe = window as unknown as LateOfferProbe;
      return {
        shifts: probe.shifts,
        moved: probe.placed
          .filter(({ element, box }) => JSON.stringify(element.getBoundingClientRect()) !== box)
          .map(({ element }) => `${element.tagName.toLowerCase()}.${element.className}`),
      };
    });
    expect(shifts).toEqual([]);
    expect(moved).toEqual([]);

    // On the screen, a full-size target that covers neither the SOS button nor 'Ayuda'.
    const box = await button.boundingBox();
    expect(box && box.height >= 48 && box.x >= 0 && box.x + box.width <= 360 && box.y + box.height <= 740).toBe(true);
    for (const name of ['SOS: avisar a mis contactos', 'Ayuda']) {
      const other = await page.getByRole('button', { name }).boundingBox();
      const apart =
        !box ||
        !other ||
        box.x + box.width <= other.x ||
        other.x + other.width <= box.x ||
        box.y + box.height <= other.y ||
        other.y + other.height <= box.y;
      expect(apart, name).toBe(true);
    }
    await context.close();
  });

  it('on an iPhone, the button opens the 4-step guide, whose pictures load, and Salir closes it', async () => {
    const context = await running.browser.newContext({
      locale: 'es-US',
      userAgent: IPHONE_SAFARI,
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await personOnHome(context, 'iphone');

    const button = installButton(page);
    await button.click();
    const guide = page.getByRole('dialog', { name: 'Instala la aplicación en tu iPhone o iPad' });
    await guide.waitFor();
    expect(await guide.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    const pictures = guide.getByRole('img');
    expect(await pictures.count()).toBe(4);
    await expect
      .poll(() => pictures.evaluateAll((images) => images.map((image) => (image as HTMLImageElement).naturalWidth > 0)))
      .toEqual([true, true, true, true]);
    await guide.getByText('Agregar a pantalla de inicio', { exact: false }).waitFor();

    await guide.getByRole('button', { name: 'Salir' }).click();
    await guide.waitFor({ state: 'detached' });
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    await context.close();
  });
});
