import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { holdAppCode } from '#test/support/held-app-code.ts';
import { enterWithEmailedCode, signOutInBrowser } from '#test/support/browser-flows.ts';
import { waitForMail } from '#test/support/mailbox.ts';
import { persistedQueries } from '#test/support/persisted-queries.ts';
import { alertMailsTo, personWithConfirmedContact, sosButton } from '#test/support/sos-flows.ts';

// The early home (src/client/routes/web/-components/home/early-home-markup.ts): index.html draws home's first
// frame, SOS button included, before the app's code has run, when the stored
// session opens on home. Its button must work, must sit where the app's button
// will be drawn, and must never send an alert the stored session cannot.

const env = appAndChromiumPerFile();

const EARLY_SOS = '#early-sos';

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(page: Page, selector: string): Promise<Box> {
  const box = await page.locator(selector).boundingBox();
  if (!box) throw new Error(`${selector} is not drawn`);
  return box;
}

describe('the early home of index.html', () => {
  it('takes a press before the app has started, and the app sends it as pressed then', async () => {
    const { app, browser } = env;
    const {
      context,
      page: first,
      contactEmail,
    } = await personWithConfirmedContact(app, browser, 'temprana', undefined, { serviceWorkers: 'block' });
    await first.close();
    const { release } = await holdAppCode(context);
    const page = await context.newPage();
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/api/active-button') && request.method() === 'PUT')
        sent.push(request.postData() ?? '');
    });
    await page.goto(`${app.url}/web/home`, { waitUntil: 'commit' });

    // The only SOS button on screen is index.html's: the app's code has not arrived.
    await page.locator(EARLY_SOS).waitFor();
    expect(await sosButton(page).getAttribute('id')).toBe('early-sos');
    const before = Date.now();
    await sosButton(page).click();
    const after = Date.now();
    const sending = page.getByRole('button', { name: 'SOS: enviando…' });
    expect(await sending.isDisabled()).toBe(true);
    // index.html's script records the moment of the press on <html>, for the app to take when it starts.
    const recorded = await page.waitForFunction(() => document.documentElement.dataset.sosPressedAt);
    const pressedThen = Number(await recorded.jsonValue());
    expect(sent).toEqual([]);

    release();
    await page.waitForURL('**/web/active');
    await page.getByRole('heading', { name: 'Alerta activa' }).waitFor();
    await waitForMail(app.dataDir, { to: contactEmail, subject: /ALERTA SOS: Elena temprana está en riesgo/ });
    // The press (a position update may follow it: the app had no position yet when it was made).
    expect(sent.length).toBeGreaterThanOrEqual(1);
    // The alert carries the moment of the press, not of the app's start.
    const pressedAt = Date.parse((JSON.parse(sent[0]!) as { pressed_at: string }).pressed_at);
    expect(pressedAt).toBe(pressedThen);
    expect(pressedAt).toBeGreaterThanOrEqual(before - 1000);
    expect(pressedAt).toBeLessThanOrEqual(after);
    expect(await alertMailsTo(app, contactEmail)).toHaveLength(1);
    await context.close();
  });

  it("is drawn where the app draws home: the app's SOS button replaces it in the same place", async () => {
    const { app, browser } = env;
    // A long name: the header keeps one height whatever it holds.
    const { context, page: first } = await personWithConfirmedContact(
      app,
      browser,
      'conunapellidomuylargoquenocabeenlalinea',
      undefined,
      { serviceWorkers: 'block' },
    );
    await first.close();
    for (const viewport of [
      { width: 320, height: 640 },
      { width: 390, height: 844 },
    ]) {
      const { release } = await holdAppCode(context);
      const page = await context.newPage();
      await page.setViewportSize(viewport);
      await page.goto(`${app.url}/web/home`, { waitUntil: 'commit' });
      await page.locator(EARLY_SOS).waitFor();
      const early = await boxOf(page, EARLY_SOS);
      release();
      await page.locator(`.sos-button:not(${EARLY_SOS})`).waitFor();
      // The contact list, the navigation and the help button come a frame later, all below or above it.
      await page.locator('.contact-card').first().waitFor();
      expect(await page.locator(EARLY_SOS).count()).toBe(0);
      expect(await boxOf(page, '.sos-button')).toEqual(early);
      await page.close();
      await context.unrouteAll();
    }
    await context.close();
  });

  it('reopened offline, the first frame is the early home with the offline notice, and the SOS button never moves', async () => {
    const { app, browser } = env;
    const { context, page: first } = await personWithConfirmedContact(app, browser, 'sinsenal');
    // The contact list cached, as on a phone that was online before (the cache is written within a second).
    await first.locator('.contact-card').first().waitFor();
    await expect.poll(async () => (await persistedQueries(first)).contacts, { timeout: 30_000, interval: 100 }).toBe(1);
    await first.close();
    // Every place an SOS button was drawn at, frame by frame, and whether the early home's was one of them.
    await context.addInitScript(`(() => {
      const seen = (window.__sosTops = []);
      const frame = () => {
        const button = document.querySelector('.sos-button');
        if (button && button.getClientRects().length > 0) {
          const place = (button.id === 'early-sos' ? 'early ' : 'app ') + Math.round(button.getBoundingClientRect().top);
          if (seen.at(-1) !== place) seen.push(place);
        }
        requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    })();`);
    await context.setOffline(true);
    const page = await context.newPage();
    await page.goto(`${app.url}/web/home`);
    await page.locator(`.sos-button:not(${EARLY_SOS})`).waitFor();
    await page.locator('.contact-card').first().waitFor();
    await page.getByText('Sin conexión. El botón SOS sigue funcionando').waitFor();
    const seen = await page.evaluate(() => (window as unknown as { __sosTops: string[] }).__sosTops);
    expect(seen).toHaveLength(2);
    const [early, drawn] = seen as [string, string];
    expect(early.startsWith('early ')).toBe(true);
    expect(drawn.replace('app ', 'early ')).toBe(early);
    await context.close();
  });

  it('a press on a home the stored session no longer opens is never sent: sign in, and press again', async () => {
    const { app, browser } = env;
    const { context, page } = await personWithConfirmedContact(app, browser, 'caducada', undefined, {
      serviceWorkers: 'block',
    });
    await signOutInBrowser(page);
    // A hint left behind, as by a session that lapsed while the app was closed.
    await page.evaluate(() => localStorage.setItem('sos_opens_home', '1'));
    await page.close();
    const { release } = await holdAppCode(context);
    const stale = await context.newPage();
    const sent: string[] = [];
    stale.on('request', (request) => {
      if (request.url().endsWith('/api/active-button')) sent.push(request.method());
    });
    await stale.goto(`${app.url}/web/home`, { waitUntil: 'commit' });
    await stale.locator(EARLY_SOS).click();
    release();
    await stale.waitForURL('**/web/auth/signin');
    await stale
      .getByText('Tu sesión expiró y tu alerta no se envió. Inicia sesión y vuelve a presionar SOS.')
      .waitFor();
    // Signing in again, in the same page, brings home with an SOS button that sends nothing by itself.
    await enterWithEmailedCode(stale, app, 'caducada@example.org');
    await stale.waitForURL('**/web/home');
    await sosButton(stale).waitFor();
    // Home drawn with its data: the SOS button has mounted and taken (or not) a press by then.
    await stale.locator('.contact-card').first().waitFor();
    expect(await stale.evaluate(() => document.documentElement.dataset.sosPressedAt ?? null)).toBeNull();
    expect(sent).toEqual([]);
    await context.close();
  });
});
