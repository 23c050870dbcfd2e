// Probe: Lighthouse 12 (mobile preset: simulated slow 4G, 4x CPU) on a page of the built app, with
// the machine's load average beside each run (a shared machine scores pessimistically under load).
// Not part of the bench. `node --import tsx scripts/bench/probes/lighthouse-signin.ts [path] [runs]`
// after `npm run build`; the path defaults to /web/auth/signin.
import { loadavg } from 'node:os';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startApp } from '#test/support/app-server.ts';

const path = process.argv[2] ?? '/web/auth/signin';
const runs = Number(process.argv[3] ?? 3);

// BUILD_DIR: another build to measure (main's, for a before and after) with this server.
const app = await startApp(process.env.BUILD_DIR ? { BUILD_DIR: process.env.BUILD_DIR } : {});
const chrome = await chromeLauncher.launch({
  chromePath: '/usr/bin/chromium',
  chromeFlags: ['--headless=new', '--no-sandbox'],
});
try {
  for (let run = 1; run <= runs; run += 1) {
    const load = loadavg()
      .map((value) => value.toFixed(2))
      .join(' ');
    const result = await lighthouse(`${app.url}${path}`, {
      port: chrome.port,
      onlyCategories: ['performance'],
      output: 'json',
      logLevel: 'error',
    });
    if (!result) throw new Error('lighthouse returned nothing');
    const { categories, audits } = result.lhr;
    const ms = (id: string) => `${(audits[id]?.numericValue ?? Number.NaN).toFixed(0)} ms`;
    const lcpElement = (
      audits['largest-contentful-paint-element']?.details as
        { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } | undefined
    )?.items?.[0]?.items?.[0]?.node?.snippet;
    console.log(
      `${path} run ${run}: performance ${Math.round((categories.performance?.score ?? 0) * 100)}, FCP ${ms('first-contentful-paint')}, LCP ${ms('largest-contentful-paint')}, TBT ${ms('total-blocking-time')}, CLS ${(audits['cumulative-layout-shift']?.numericValue ?? Number.NaN).toFixed(3)}, load average before ${load}, LCP element ${lcpElement ?? '?'}`,
    );
  }
} finally {
  chrome.kill();
  await app.stop();
}
