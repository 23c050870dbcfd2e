import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import type { BrowserContext } from 'playwright-core';
import { freePort } from '#test/support/app-server.ts';
import { launchPersistentChromium } from '#test/support/chromium.ts';
import type { BenchContext, Measurement } from '../types.ts';
import { signUpWithContact } from './signed-in-person.ts';

const FIGURE = '10. Lighthouse';
const RUNS = 3;

type Audit = { score: number; fcp: number; lcp: number; tbt: number; cls: number };

let version = '';

/**
 * Before each run: no worker, no Cache Storage and no HTTP cache, so every run is a
 * first load; IndexedDB and localStorage stay, so the stored session opens home.
 * (Lighthouse's own storage reset would clear the session too: it is turned off.)
 */
async function coldButSignedIn(context: BrowserContext, origin: string): Promise<void> {
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);
  await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'service_workers,cache_storage' });
  await cdp.send('Network.clearBrowserCache');
  await cdp.detach();
}

async function audit(url: string, port: number): Promise<Audit> {
  // The default config is the mobile preset: a Moto G Power's screen, simulated slow 4G
  // (150 ms RTT, 1.6 Mbit/s) and a 4x slower CPU, applied to the trace afterwards (Lantern).
  const result = await lighthouse(url, { port, logLevel: 'error', output: 'json', onlyCategories: ['performance'], disableStorageReset: true });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  // A home that sent the person to sign-in (the session not found) would be measured as the wrong screen.
  if (new URL(lhr.finalDisplayedUrl).pathname !== new URL(url).pathname) throw new Error(`Lighthouse on ${url} ended on ${lhr.finalDisplayedUrl}`);
  version = lhr.lighthouseVersion;
  const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    score: Math.round((lhr.categories.performance?.score ?? Number.NaN) * 100),
    fcp: value('first-contentful-paint'),
    lcp: value('largest-contentful-paint'),
    tbt: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
  };
}

async function runs(context: BrowserContext, origin: string, url: string, port: number): Promise<Audit[]> {
  const audits: Audit[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    await coldButSignedIn(context, origin);
    audits.push(await audit(url, port));
  }
  return audits;
}

function rows(screen: string, audits: Audit[], note: string): Measurement[] {
  const of = (key: keyof Audit) => audits.map((a) => a[key]);
  console.log(
    `  ${screen}: performance ${of('score').join(', ')}; LCP ${of('lcp')
      .map((ms) => ms.toFixed(0))
      .join(', ')} ms`,
  );
  return [
    { figure: FIGURE, what: `${screen}: performance score`, unit: 'score', samples: of('score'), budget: { min: 98 }, note },
    { figure: FIGURE, what: `${screen}: first contentful paint`, unit: 'ms', samples: of('fcp') },
    { figure: FIGURE, what: `${screen}: largest contentful paint`, unit: 'ms', samples: of('lcp'), budget: { max: 1800 } },
    { figure: FIGURE, what: `${screen}: total blocking time`, unit: 'ms', samples: of('tbt') },
    { figure: FIGURE, what: `${screen}: cumulative layout shift`, unit: 'score', samples: of('cls') },
  ];
}

/**
 * Lighthouse (the npm package, mobile preset) against our Chromium, sign-in and then
 * home signed in, each run a first load. Lighthouse drives a Chromium we launched
 * with a profile and a debugging port: the same profile where a person signed up
 * in between, so home opens with the session stored in its IndexedDB.
 */
export async function lighthouseFigures(bench: BenchContext): Promise<Measurement[]> {
  const profile = await mkdtemp(path.join(tmpdir(), 'bench-lighthouse-'));
  const port = await freePort();
  const context = await launchPersistentChromium(profile, { locale: 'es-US' }, [`--remote-debugging-port=${port}`]);
  const origin = new URL(bench.app.url).origin;
  try {
    const signin = await runs(context, origin, `${origin}/web/auth/signin`, port);
    await signUpWithContact(bench.app, context);
    const home = await runs(context, origin, `${origin}/web/home`, port);
    const how = `Lighthouse ${version} mobile preset (simulated slow 4G, 4x CPU), ${RUNS} runs, median; no worker and no HTTP cache`;
    return [...rows('signin', signin, `${how}, signed out`), ...rows('home signed in', home, `${how}, the session kept in IndexedDB`)];
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
}
