import type { BrowserContext, CDPSession, Page } from 'playwright-core';

/**
 * Runs in the page before any of its scripts: records, in performance.now() time
 * (0 = navigation start) and in epoch time, the first moment each thing a person
 * waits for is on screen. Checked on every DOM change, in the next frame. A string,
 * not a function: tsx would wrap a function's inner names in a helper the page lacks.
 */
const RECORD_MARKS = `(() => {
  const marks = {};
  window.__benchMarks = marks;
  const mark = (name) => { if (!marks[name]) marks[name] = { at: performance.now(), epoch: Date.now() }; };
  const check = () => {
    const splash = document.getElementById('splash');
    // Gone, fading out, or not drawn at all (the early home of index.html shows instead of it).
    const uncovered = !splash || splash.classList.contains('splash--hidden') || splash.getClientRects().length === 0;
    const shown = (button) => button && !button.disabled && button.getBoundingClientRect().height > 0;
    // 'sos': the first SOS button a person can press, the early home's (index.html) or the app's;
    // 'early-sos' and 'app-sos': each of the two on its own.
    if (uncovered && shown(document.querySelector('button.sos-button'))) mark('sos');
    if (uncovered && shown(document.getElementById('early-sos'))) mark('early-sos');
    if (uncovered && shown(document.querySelector('button.sos-button:not(#early-sos)'))) mark('app-sos');
    if (uncovered && document.querySelector('.contact-card')) mark('contacts');
    const onActive = location.pathname === '/web/active' && [...document.querySelectorAll('h1')].some((h) => h.textContent === 'Alerta activa');
    if (onActive) mark('active');
  };
  let scheduled = false;
  new MutationObserver(() => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => { scheduled = false; check(); });
  }).observe(document, { subtree: true, childList: true, attributes: true });
  document.addEventListener('click', () => mark('click'), true);
  // 'fcp': the Paint Timing API's first contentful paint, at its own time. It is reported once the frame
  // is on the screen, after the animation frame that marked the SOS button: at 4x CPU, tens of
  // milliseconds after it, so it is waited for, never read at once.
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntriesByName('first-contentful-paint'))
        marks.fcp = { at: entry.startTime, epoch: performance.timeOrigin + entry.startTime };
    }).observe({ type: 'paint', buffered: true });
  } catch {}
})();`;

export async function recordPageMarks(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: RECORD_MARKS });
}

export type Mark = { at: number; epoch: number };

const sessions = new WeakMap<Page, Promise<CDPSession>>();

/** One CDP session per page, shared by throttle() and the mark polling. */
function cdpSession(page: Page): Promise<CDPSession> {
  let session = sessions.get(page);
  if (!session) {
    session = page.context().newCDPSession(page);
    sessions.set(page, session);
  }
  return session;
}

/**
 * Polls the page's marks through CDP (Runtime.evaluate of one property read)
 * rather than page.waitForFunction: that one first evaluates Playwright's
 * injected script in the page, about 100 ms of main-thread work at 4x slowdown
 * that would land in the middle of the start-up being measured.
 */
/** A mark already recorded, or undefined. */
export async function readMark(page: Page, name: string): Promise<Mark | undefined> {
  const cdp = await cdpSession(page);
  const expression = `window.__benchMarks && window.__benchMarks[${JSON.stringify(name)}]`;
  const reply = await cdp.send('Runtime.evaluate', { expression, returnByValue: true }).catch(() => undefined);
  return (reply?.result.value as Mark | undefined) ?? undefined;
}

export async function waitForMark(page: Page, name: string, timeoutMs = 30_000): Promise<Mark> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const mark = await readMark(page, name);
    if (mark) return mark;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const shot = `/tmp/bench-no-${name}.png`;
  await page.screenshot({ path: shot }).catch(() => undefined);
  throw new Error(`'${name}' never showed on ${page.url()} (screenshot: ${shot})`);
}

export async function clearMark(page: Page, name: string): Promise<void> {
  await page.evaluate(
    (n) => delete (window as unknown as { __benchMarks: Record<string, Mark> }).__benchMarks[n],
    name,
  );
}

/** 'Fast 3G' as Chrome DevTools defines it: 562.5 ms latency, 1.44 Mbit/s down, 675 kbit/s up. */
export const FAST_3G = {
  offline: false,
  latency: 562.5,
  downloadThroughput: (1.44 * 1024 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};

export async function throttle(
  page: Page,
  options: { cpu?: number; network?: typeof FAST_3G; noCache?: boolean },
): Promise<CDPSession> {
  const cdp = await cdpSession(page);
  if (options.cpu) await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpu });
  if (options.network || options.noCache) await cdp.send('Network.enable');
  if (options.network) await cdp.send('Network.emulateNetworkConditions', options.network);
  if (options.noCache) await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  return cdp;
}
