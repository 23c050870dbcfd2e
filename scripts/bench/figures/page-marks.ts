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
    const uncovered = !splash || splash.classList.contains('splash--hidden');
    const sos = document.querySelector('button.sos-button');
    if (uncovered && sos && !sos.disabled && sos.getBoundingClientRect().height > 0) mark('sos');
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
})();`;

export async function recordPageMarks(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: RECORD_MARKS });
}

export type Mark = { at: number; epoch: number };

export async function waitForMark(page: Page, name: string, timeoutMs = 30_000): Promise<Mark> {
  const handle = await page
    .waitForFunction((n) => (window as unknown as { __benchMarks?: Record<string, Mark> }).__benchMarks?.[n], name, {
      timeout: timeoutMs,
      polling: 50,
    })
    .catch(async (error: unknown) => {
      const shot = `/tmp/bench-no-${name}.png`;
      await page.screenshot({ path: shot }).catch(() => undefined);
      throw new Error(`'${name}' never showed on ${page.url()} (screenshot: ${shot})`, { cause: error });
    });
  return (await handle.jsonValue()) as Mark;
}

export async function clearMark(page: Page, name: string): Promise<void> {
  await page.evaluate((n) => delete (window as unknown as { __benchMarks: Record<string, Mark> }).__benchMarks[n], name);
}

/** 'Fast 3G' as Chrome DevTools defines it: 562.5 ms latency, 1.44 Mbit/s down, 675 kbit/s up. */
export const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: (1.44 * 1024 * 1024) / 8, uploadThroughput: (675 * 1024) / 8 };

export async function throttle(page: Page, options: { cpu?: number; network?: typeof FAST_3G; noCache?: boolean }): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  if (options.cpu) await cdp.send('Emulation.setCPUThrottlingRate', { rate: options.cpu });
  if (options.network || options.noCache) await cdp.send('Network.enable');
  if (options.network) await cdp.send('Network.emulateNetworkConditions', options.network);
  if (options.noCache) await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  return cdp;
}
