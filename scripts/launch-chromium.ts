import { existsSync } from 'node:fs';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type LaunchOptions,
} from 'playwright-core';

// Shared by the browser tests and scripts/export-icons.ts.
// Playwright's own browser download does not work on these machines. Order:
// CHROMIUM_PATH, Debian's /usr/bin/chromium (CI installs it; it has Background
// Sync), else the Chromium inside @sparticuz/chromium (no Background Sync).
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

// The machine has no outside network: keep Chromium from trying to reach it.
// Exported for test/support/killable-chromium.ts, which starts the same Chromium itself.
export const QUIET_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

type Kind = 'debian' | 'custom' | 'sparticuz';
export type LaunchedChromium = { browser: Browser; kind: Kind };

async function sparticuzOptions(): Promise<LaunchOptions> {
  const { default: sparticuz } = await import('@sparticuz/chromium');
  return {
    executablePath: await sparticuz.executablePath(),
    headless: true,
    args: [...sparticuz.args, ...QUIET_FLAGS],
  };
}

async function preferredOptions(): Promise<{ options: LaunchOptions; kind: Kind }> {
  const custom = process.env.CHROMIUM_PATH;
  if (custom || existsSync(DEBIAN_CHROMIUM)) {
    const options = {
      executablePath: custom || DEBIAN_CHROMIUM,
      headless: true,
      args: ['--headless=new', ...QUIET_FLAGS],
    };
    return { options, kind: custom ? 'custom' : 'debian' };
  }
  return { options: await sparticuzOptions(), kind: 'sparticuz' };
}

export async function launchChromium(): Promise<LaunchedChromium> {
  const { options, kind } = await preferredOptions();
  return { browser: await chromium.launch(options), kind };
}

/**
 * A browser profile kept in `userDataDir`. `browser.newContext()` contexts are
 * incognito, which Chromium's installability check refuses ('in-incognito').
 */
export async function launchPersistentChromium(
  userDataDir: string,
  contextOptions: BrowserContextOptions = {},
  /** More command-line flags (the bench's Lighthouse figure adds a remote debugging port). */
  extraArgs: string[] = [],
): Promise<BrowserContext> {
  const { options } = await preferredOptions();
  return chromium.launchPersistentContext(userDataDir, {
    ...options,
    args: [...(options.args ?? []), ...extraArgs],
    ...contextOptions,
  });
}

/**
 * The Chromium 147 inside @sparticuz/chromium (a dev dependency, so always here).
 * Background Sync never fires in it, as in Safari and Firefox: tests of the
 * replay paths that do not rely on it run here in every run.
 */
export async function launchSparticuzChromium(): Promise<LaunchedChromium> {
  return { browser: await chromium.launch(await sparticuzOptions()), kind: 'sparticuz' };
}
