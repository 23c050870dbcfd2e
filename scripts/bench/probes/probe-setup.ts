// What several probes set up the same way: Lighthouse runs on one screen from a Chromium profile it
// drives by the debugging port (lighthouse-long-task.ts, lighthouse-lcp.ts), and home reopened
// offline by a signed-in person whose worker has cached it (reopen-trace.ts, reopen-profile.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse, { type RunnerResult } from 'lighthouse';
import type { Browser, BrowserContext } from 'playwright-core';
import { freePort, startApp, type RunningApp } from '#test/support/app-server.ts';
import { launchChromium, launchPersistentChromium } from '#test/support/chromium.ts';
import { recordPageMarks, waitForMark } from '../figures/page-marks.ts';
import { signedInPerson, signUpWithContact } from '../figures/signed-in-person.ts';

/**
 * The app and a fresh Chromium profile (a person signed up with a contact first, for home), then
 * `runs` Lighthouse runs of the screen with the CLI's defaults; `each` gets each result, its number
 * and the load average before it. Everything is stopped and the profile removed after.
 */
export async function lighthouseRuns(
  profilePrefix: string,
  screen: 'signin' | 'home',
  runs: number,
  each: (result: RunnerResult, run: number, load: string) => void,
): Promise<void> {
  const app = await startApp();
  const profile = await mkdtemp(path.join(tmpdir(), profilePrefix));
  const port = await freePort();
  const context = await launchPersistentChromium(profile, { locale: 'es-US' }, [`--remote-debugging-port=${port}`]);
  const origin = new URL(app.url).origin;
  try {
    if (screen === 'home') await signUpWithContact(app, context);
    const url = `${origin}${screen === 'home' ? '/web/home' : '/web/auth/signin'}`;
    for (let run = 1; run <= runs; run += 1) {
      const load = loadavg()[0]!.toFixed(2);
      const result = await lighthouse(url, { port, logLevel: 'error', output: 'json' });
      if (!result) throw new Error('lighthouse returned nothing');
      each(result, run, load);
    }
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
    await app.stop();
  }
}

/**
 * The app (BUILD_DIR: another build, main's for a before and after, with this server) and Chromium;
 * a signed-in person whose home was opened once online, until its contacts showed, and left a moment
 * for the worker to cache it; then `reopen` with that context offline. Everything is stopped after.
 */
export async function offlineReopen(
  reopen: (context: BrowserContext, app: RunningApp, browser: Browser) => Promise<void>,
): Promise<void> {
  const app = await startApp(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {});
  const { browser } = await launchChromium();
  try {
    const context = await signedInPerson(app, browser);
    await recordPageMarks(context);
    const warm = await context.newPage();
    await warm.goto(`${app.url}/web/home`);
    await waitForMark(warm, 'contacts');
    await warm.waitForTimeout(2000);
    await warm.close();
    await context.setOffline(true);
    await reopen(context, app, browser);
    await context.close();
  } finally {
    await browser.close();
    await app.stop();
  }
}
