import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

// Playwright's own browser download does not work on these machines. Order:
// CHROMIUM_PATH, Debian's /usr/bin/chromium (CI installs it; it has Background
// Sync), else the Chromium inside @sparticuz/chromium (no Background Sync).
const DEBIAN_CHROMIUM = '/usr/bin/chromium';

// The machine has no outside network: keep Chromium from trying to reach it.
const QUIET_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export type TestBrowser = { browser: Browser; kind: 'debian' | 'custom' | 'sparticuz' };

export async function launchChromium(): Promise<TestBrowser> {
  const custom = process.env.CHROMIUM_PATH;
  if (custom || existsSync(DEBIAN_CHROMIUM)) {
    const browser = await chromium.launch({
      executablePath: custom || DEBIAN_CHROMIUM,
      headless: true,
      args: ['--headless=new', ...QUIET_FLAGS],
    });
    return { browser, kind: custom ? 'custom' : 'debian' };
  }
  return launchSparticuzChromium();
}

/**
 * The Chromium 147 inside @sparticuz/chromium (a dev dependency, so always here).
 * Background Sync never fires in it, as in Safari and Firefox: tests of the
 * replay paths that do not rely on it run here in every run.
 */
export async function launchSparticuzChromium(): Promise<TestBrowser> {
  const { default: sparticuz } = await import('@sparticuz/chromium');
  const browser = await chromium.launch({
    executablePath: await sparticuz.executablePath(),
    headless: true,
    args: [...sparticuz.args, ...QUIET_FLAGS],
  });
  return { browser, kind: 'sparticuz' };
}
