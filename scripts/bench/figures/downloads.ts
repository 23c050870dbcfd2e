import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Browser, BrowserContext } from 'playwright-core';
import { HOME_BUDGET_KB } from '#client/home-first-download.ts';
import { launchChromium } from '#test/support/chromium.ts';
import type { BenchContext, Measurement } from '../types.ts';
import { signedInPerson } from './signed-in-person.ts';

const kB = (bytes: number) => bytes / 1000;
const gzip = (body: Buffer) => gzipSync(body, { level: 9 }).length;
const brotli = (body: Buffer) => brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

type Download = { url: string; bytes: Buffer };

/**
 * Every JS and CSS file a cold load of `pathname` fetches until the app has drawn its first screen
 * and the network is idle (lazy chunks included), with the HTTP cache and the worker out of the way.
 */
async function downloadsOf(context: BrowserContext, url: string, ready: string): Promise<Download[]> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const pending: Promise<Download | null>[] = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    pending.push(
      response.body().then(
        (bytes) => ({ url: response.url(), bytes }),
        () => null,
      ),
    );
  });
  await page.goto(url);
  await page
    .getByRole('button', { name: ready })
    .or(page.getByRole('textbox', { name: ready }))
    .first()
    .waitFor();
  // The app's first screen is committed (the splash goes): its route's code has been fetched by then.
  // Network idle alone came too soon on a busy machine: the entry's evaluation, with no request
  // under way, outlasted idle's half second, and signin's screen chunks went uncounted.
  await page.locator('#splash').waitFor({ state: 'detached', timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  const downloads = (await Promise.all(pending)).filter((d): d is Download => d !== null);
  if (process.env.BENCH_VERBOSE)
    for (const d of downloads) console.log(`  ${(gzip(d.bytes) / 1000).toFixed(2)} kB  ${new URL(d.url).pathname}`);
  await page.close();
  return downloads;
}

function sizes(figure: string, screen: string, downloads: Download[], budgetGzip: number): Measurement[] {
  const total = (measure: (body: Buffer) => number) => kB(downloads.reduce((sum, d) => sum + measure(d.bytes), 0));
  const largest = downloads.reduce((big, d) => (d.bytes.length > big.bytes.length ? d : big), downloads[0]!);
  return [
    {
      figure,
      what: `${screen}: JS+CSS gzip (${downloads.length} files)`,
      unit: 'kB',
      samples: [total(gzip)],
      budget: { max: budgetGzip },
    },
    { figure, what: `${screen}: JS+CSS brotli`, unit: 'kB', samples: [total(brotli)] },
    {
      figure,
      what: `${screen}: largest file gzip (${path.basename(new URL(largest.url).pathname)})`,
      unit: 'kB',
      samples: [kB(gzip(largest.bytes))],
    },
  ];
}

/** The URLs the worker precaches, read from the manifest Workbox injected into build/sw.js. */
async function precacheBytes(buildDir: string): Promise<{ files: number; bytes: number }> {
  const sw = await readFile(path.join(buildDir, 'sw.js'), 'utf8');
  const urls = [...sw.matchAll(/"url":"\/build\/([^"]+)"/g)].map((match) => match[1]!);
  const bytes = await Promise.all(urls.map((url) => stat(path.join(buildDir, url)).then((info) => info.size)));
  return { files: urls.length, bytes: bytes.reduce((a, b) => a + b, 0) };
}

/** Figure 1: what signin and home download, the largest chunk, the worker and its precache. */
export async function downloadFigures({ app }: BenchContext): Promise<Measurement[]> {
  const { browser }: { browser: Browser } = await launchChromium();
  try {
    const anonymous = await browser.newContext({ serviceWorkers: 'block', locale: 'es-US' });
    const signin = await downloadsOf(anonymous, `${app.url}/web/auth/signin`, 'Correo electrónico');
    await anonymous.close();
    const person = await signedInPerson(app, browser, { serviceWorkers: 'block' });
    const home = await downloadsOf(person, `${app.url}/web/home`, 'SOS: avisar a mis contactos');
    await person.close();

    const buildDir = path.resolve(import.meta.dirname, '../../../build');
    const sw = await readFile(path.join(buildDir, 'sw.js'));
    const precache = await precacheBytes(buildDir);
    return [
      ...sizes('1. Bytes', 'signin', signin, 150),
      ...sizes('1. Bytes', 'home', home, HOME_BUDGET_KB),
      { figure: '1. Bytes', what: 'service worker sw.js, gzip', unit: 'kB', samples: [kB(gzip(sw))] },
      {
        figure: '1. Bytes',
        what: `precache total, uncompressed (${precache.files} files)`,
        unit: 'kB',
        samples: [kB(precache.bytes)],
      },
    ];
  } finally {
    await browser.close();
  }
}
