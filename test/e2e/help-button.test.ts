import type { BrowserContext, Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { enterWithoutContacts } from '#test/support/seeded-person.ts';
import { controlledByWorker } from '#test/support/service-worker.ts';
import { resizeTo } from '#test/support/viewport.ts';

// SPEC.md sections 2 and 9 in a real Chromium: the floating 'Ayuda' button
// stays at least 10 px inside the screen whatever a finger, a mouse or a
// resize does to it, and a tap opens the help with its 8 pictures.

const EDGE_PX = 10;
/** Its gap to the header and to the navigation bar. */
const BAR_GAP_PX = 4;

const running = appAndChromiumPerFile();

/**
 * A person on home (no contacts, declared so), on a phone with a touch screen and a mouse: made
 * through the API and entered with the e-mailed code (sign-up's screens have tests of their own).
 */
async function personOnHome(tag: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await running.browser.newContext({
    locale: 'es-US',
    viewport: { width: 390, height: 844 },
    hasTouch: true,
  });
  const page = await context.newPage();
  await enterWithoutContacts(page, running.app, tag);
  return { context, page };
}

const helpButton = (page: Page) => page.getByRole('button', { name: 'Ayuda' });
const helpDialog = (page: Page) => page.getByRole('dialog', { name: '¿Cómo funciona?' });

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('The help button is not on screen');
  return box;
}

/** Its gaps to the left, top, right and bottom edges of the viewport. */
async function gapsToEdges(page: Page) {
  const box = await boxOf(helpButton(page));
  const viewport = page.viewportSize()!;
  return {
    left: box.x,
    top: box.y,
    right: viewport.width - (box.x + box.width),
    bottom: viewport.height - (box.y + box.height),
  };
}

async function expectInside(page: Page) {
  const gaps = await gapsToEdges(page);
  for (const gap of Object.values(gaps)) expect(gap).toBeGreaterThanOrEqual(EDGE_PX - 0.5);
  return gaps;
}

async function mouseDrag(page: Page, to: { x: number; y: number }) {
  // Moves the mouse to its middle once nothing (a passing notice) covers it.
  await helpButton(page).hover();
  await page.mouse.down();
  await page.mouse.move(to.x, to.y, { steps: 10 });
  await page.mouse.up();
}

/** A finger on the button, sliding to `to`: raw touch events, as a phone sends them. */
async function touchDrag(page: Page, context: BrowserContext, to: { x: number; y: number }) {
  const box = await boxOf(helpButton(page));
  const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  const cdp = await context.newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (let step = 1; step <= 10; step += 1) {
    const point = { x: from.x + ((to.x - from.x) * step) / 10, y: from.y + ((to.y - from.y) * step) / 10 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/** Every step picture has loaded (an image that failed has a naturalWidth of 0). */
async function expectFiveLoadedPictures(page: Page) {
  const pictures = helpDialog(page).getByRole('list').getByRole('img');
  await expect.poll(() => pictures.count()).toBe(8);
  await expect
    .poll(() =>
      pictures.evaluateAll((images) =>
        images.map((image) => (image as HTMLImageElement).complete && (image as HTMLImageElement).naturalWidth),
      ),
    )
    .toEqual([240, 240, 240, 240, 240, 240, 240, 240]);
}

describe('the floating Ayuda button', () => {
  it('starts above the navigation and stays 10 px inside, off the header and the navigation, after a drag to each corner, by mouse and by finger, and after resizes', async () => {
    const { context, page } = await personOnHome('arrastre');
    const viewport = page.viewportSize()!;
    const start = await boxOf(helpButton(page));
    const nav = await boxOf(page.getByRole('navigation', { name: 'Navegación principal' }));
    expect(start.y + start.height).toBeLessThanOrEqual(nav.y);
    expect(start.x).toBeGreaterThan(viewport.width / 2);
    expect(start.height).toBeGreaterThanOrEqual(48);
    expect(start.width).toBeGreaterThanOrEqual(48);
    await expectInside(page);

    const beyond = 80;
    // It rests off the header (page at its top) and the navigation bar: those gaps count from their edges.
    const header = await boxOf(page.getByRole('banner'));
    const edgeGaps = {
      left: EDGE_PX,
      right: EDGE_PX,
      top: header.y + header.height + BAR_GAP_PX,
      bottom: viewport.height - nav.y + BAR_GAP_PX,
    };
    const corners = [
      { to: { x: -beyond, y: -beyond }, at: ['left', 'top'] },
      { to: { x: viewport.width + beyond, y: -beyond }, at: ['right', 'top'] },
      { to: { x: -beyond, y: viewport.height + beyond }, at: ['left', 'bottom'] },
      { to: { x: viewport.width + beyond, y: viewport.height + beyond }, at: ['right', 'bottom'] },
    ] as const;
    for (const { to, at } of corners) {
      await mouseDrag(page, to);
      const gaps = await expectInside(page);
      // It went as far as it may: into that corner, 10 px from the side and 4 px from the bar.
      for (const edge of at) expect(gaps[edge]).toBeCloseTo(edgeGaps[edge], 0);
    }
    // A finger can only touch the screen: it slides to the very edge of each corner.
    for (const { to, at } of corners) {
      await touchDrag(page, context, {
        x: Math.min(Math.max(to.x, 0), viewport.width - 1),
        y: Math.min(Math.max(to.y, 0), viewport.height - 1),
      });
      const gaps = await expectInside(page);
      for (const edge of at) expect(gaps[edge]).toBeCloseTo(edgeGaps[edge], 0);
    }
    // None of those drags was a tap.
    expect(await helpDialog(page).count()).toBe(0);

    // Parked under the header, then a notice above the header pushes it down: the button moves off it.
    await mouseDrag(page, { x: -beyond, y: -beyond });
    await page.evaluate(() => {
      const notice = document.createElement('p');
      notice.style.cssText = 'height: 64px; margin: 0';
      document.body.prepend(notice);
    });
    await expect
      .poll(async () => (await boxOf(helpButton(page))).y)
      .toBeCloseTo(header.y + 64 + header.height + BAR_GAP_PX, 0);
    await page.evaluate(() => document.body.firstElementChild?.remove());

    // Left in the bottom-right corner, then the window shrinks, and the phone turns sideways.
    for (const size of [
      { width: 320, height: 480 },
      { width: 480, height: 320 },
      { width: 1024, height: 700 },
    ]) {
      await resizeTo(page, size);
      await expect
        .poll(async () => Math.min(...Object.values(await gapsToEdges(page))))
        .toBeGreaterThanOrEqual(EDGE_PX - 0.5);
    }
    await context.close();
  });

  it('opens the help with a tap, its 8 pictures load, Salir closes it; the keyboard moves and opens it; it works offline too', async () => {
    const { context, page } = await personOnHome('ayuda');
    await helpButton(page).tap();
    await helpDialog(page).waitFor();
    await expectFiveLoadedPictures(page);
    await helpDialog(page).getByRole('button', { name: 'Salir' }).tap();
    await helpDialog(page).waitFor({ state: 'detached' });
    await expect.poll(() => helpButton(page).evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await page.evaluate(() => window.dataLayer?.filter((entry) => entry.event === 'help_open').length)).toBe(1);

    // The keyboard: arrows move it (never past the margin), Enter opens, Escape closes.
    await helpButton(page).focus();
    for (let press = 0; press < 30; press += 1) await page.keyboard.press('ArrowLeft');
    expect((await gapsToEdges(page)).left).toBeCloseTo(EDGE_PX, 0);
    await page.keyboard.press('Enter');
    await helpDialog(page).waitFor();
    await page.keyboard.press('Escape');
    await helpDialog(page).waitFor({ state: 'detached' });

    // Reopened with no network: the worker has the help and its pictures.
    await controlledByWorker(page);
    await context.setOffline(true);
    await page.reload();
    await helpButton(page).click();
    await helpDialog(page).waitFor();
    await expectFiveLoadedPictures(page);
    await context.close();
  });
});
