import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appAndChromiumPerFile } from '#test/support/app-and-chromium.ts';
import { holdAppCode } from '#test/support/held-app-code.ts';
import { enterWithEmailedCode, signOutInBrowser } from '#test/support/browser-flows.ts';
import { waitForMail } from '#test/support/mailbox.ts';
import { onEveryPhone, PHONES } from '#test/support/first-screen.ts';
import { homeDataSaved } from '#test/support/persisted-queries.ts';
import { alertMailsTo, personWithConfirmedContact, sosButton } from '#test/support/sos-flows.ts';
import { resizeTo } from '#test/support/viewport.ts';

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

// Before any script of the page: every largest-contentful-paint candidate (which element, and whether the
// early home drew it) and every layout shift (how much, and what moved), as the browser reports them to Lighthouse.
const RECORD_PAINTS = `(() => {
  const paints = (window.__paints = { largest: [], shifts: [] });
  const name = (element) => {
    if (!element) return 'gone';
    if (element.nodeType !== Node.ELEMENT_NODE) element = element.parentElement;
    const where = element.closest('.early-home') ? 'early home' : 'app';
    const classes = [...element.classList].map((c) => '.' + c).join('');
    return where + ': ' + element.localName + (classes || ' "' + element.textContent.slice(0, 40) + '"');
  };
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.entryType === 'largest-contentful-paint') paints.largest.push(name(entry.element));
      if (entry.entryType === 'layout-shift' && !entry.hadRecentInput)
        paints.shifts.push(entry.value.toFixed(4) + ' ' + entry.sources.map((source) => name(source.node)).join(', '));
      if (entry.entryType === 'element' && entry.identifier === 'frame-done') paints.done = true;
    }
  });
  for (const type of ['largest-contentful-paint', 'layout-shift', 'element']) observer.observe({ type, buffered: true });
})();`;
type Painted = { __paints: { largest: string[]; shifts: string[]; done?: boolean } };

/**
 * What the page recorded up to its current frame: a speck of text marked for element timing is drawn
 * (out of the flow, far smaller than any candidate), and its entry, reported after every earlier
 * frame's, says the browser has reported those frames' paints.
 */
async function paintsSoFar(page: Page): Promise<{ largest: string[]; shifts: string[] }> {
  await page.evaluate(() => {
    const speck = document.createElement('span');
    speck.setAttribute('elementtiming', 'frame-done');
    speck.setAttribute('aria-hidden', 'true');
    speck.style.cssText = 'position:absolute;top:0;left:0;font-size:2px;line-height:1';
    speck.textContent = '.';
    document.body.append(speck);
  });
  await page.waitForFunction(() => (window as unknown as Painted).__paints.done === true);
  return page.evaluate(() => {
    const { largest, shifts } = (window as unknown as Painted).__paints;
    return { largest, shifts };
  });
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
      await resizeTo(page, viewport);
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

  it("paints home's largest text with the early home: the app's first screen adds no larger block and moves nothing", async () => {
    const { app, browser } = env;
    const { context, page: first } = await personWithConfirmedContact(app, browser, 'pintura', undefined, {
      serviceWorkers: 'block',
    });
    // The contact list cached, as on any phone the early home opens on: the app draws it with its first screen.
    await homeDataSaved(first, { contacts: 1 });
    await first.close();
    // As Lighthouse's fresh profile finds it: the position never allowed, so home asks for it.
    await context.clearPermissions();
    await context.addInitScript(RECORD_PAINTS);
    const findings: Record<string, unknown> = {};
    // Lighthouse's phone (its mobile preset) and the three phones of home's first screen.
    for (const viewport of [{ width: 412, height: 823 }, ...PHONES]) {
      const { release } = await holdAppCode(context);
      const page = await context.newPage();
      await resizeTo(page, viewport);
      await page.goto(`${app.url}/web/home`, { waitUntil: 'commit' });
      await page.locator(EARLY_SOS).waitFor();
      await page.waitForFunction(() => (window as unknown as Painted).__paints.largest.length > 0);
      release();
      // The app's whole first screen: the location panel, the check-in card and the contact list.
      await page.getByRole('heading', { name: 'Comparte tu ubicación' }).waitFor();
      await page.getByRole('link', { name: 'Avísales si no vuelvo' }).waitFor();
      await page.locator('.contact-card').first().waitFor();
      findings[`${viewport.width}x${viewport.height}`] = await paintsSoFar(page);
      await page.close();
      await context.unrouteAll();
    }
    const early = { largest: ['early home: p.home-page__instruction'], shifts: [] };
    expect(findings).toEqual({ '412x823': early, ...onEveryPhone(early) });
    await context.close();
  });

  it('reopened offline, the first frame is the early home with the offline notice, and the SOS button never moves', async () => {
    const { app, browser } = env;
    const { context, page: first } = await personWithConfirmedContact(app, browser, 'sinsenal');
    // The contact list cached, as on a phone that was online before (the cache is written within a second).
    await homeDataSaved(first, { contacts: 1 });
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
