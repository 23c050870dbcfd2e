import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium } from '#test/support/chromium.ts';
import type { Traffic } from '#test/support/fault-proxy.ts';
import type { BenchContext, Measurement } from '../types.ts';
import { FAST_3G, clearMark, readMark, recordPageMarks, throttle, waitForMark } from './page-marks.ts';
import { signedInPerson } from './signed-in-person.ts';

const ACTIVE_BUTTON = '/api/active-button';
const HOME_LOCATION_READY = 'Tu ubicación se enviará con tu alerta.';

/** Resolves with the next request to the SOS endpoint the app answers (or null after `timeoutMs`). */
function nextSosTraffic({ proxy }: BenchContext, timeoutMs = 30_000): Promise<Traffic | null> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      stop();
      resolve(null);
    }, timeoutMs);
    const stop = proxy.observe((traffic) => {
      if (!traffic.path.startsWith(ACTIVE_BUTTON)) return;
      clearTimeout(timer);
      stop();
      resolve(traffic);
    });
  });
}

async function openHome(context: BrowserContext, bench: BenchContext): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${bench.app.url}/web/home`);
  // A page closed right after FINALIZAR may not have stored the ended state yet: end it again (a no-op on the server).
  // The app's SOS button, not the early home's (index.html draws that one before the app knows about the alert).
  await page
    .locator('button.sos-button:not(#early-sos)')
    .or(page.getByRole('button', { name: 'FINALIZAR ALERTA' }))
    .first()
    .waitFor();
  if (new URL(page.url()).pathname === '/web/active') await endAlert(page);
  await waitForMark(page, 'sos');
  return page;
}

async function endAlert(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'FINALIZAR ALERTA' }).click();
  await page.waitForURL('**/web/home');
}

/** Figure 2: a first visit to home (no worker, empty HTTP cache) on 'Fast 3G' with a 4x slower CPU. */
async function coldLoad(bench: BenchContext, browser: Browser): Promise<Measurement[]> {
  const context = await signedInPerson(bench.app, browser, { serviceWorkers: 'block' });
  await recordPageMarks(context);
  const paint: number[] = [];
  const sos: number[] = [];
  for (let run = 0; run < bench.runs; run += 1) {
    const page = await context.newPage();
    await throttle(page, { cpu: 4, network: FAST_3G, noCache: true });
    await page.goto(`${bench.app.url}/web/home`);
    sos.push((await waitForMark(page, 'sos', 60_000)).at);
    paint.push((await waitForMark(page, 'fcp', 60_000)).at);
    await page.close();
  }
  await context.close();
  const note = 'Fast 3G (562.5 ms, 1.44 Mbit/s), CPU 4x slower, no worker, no HTTP cache';
  return [
    { figure: '2. Cold load', what: 'home: first contentful paint', unit: 'ms', samples: paint, note },
    {
      figure: '2. Cold load',
      what: 'home: SOS button visible and enabled',
      unit: 'ms',
      samples: sos,
      budget: { max: 2500 },
      note,
    },
  ];
}

/** Figure 3 (and the contacts screen): the installed app reopened with no network, CPU 4x slower. */
async function reopenOffline(bench: BenchContext, browser: Browser): Promise<Measurement[]> {
  const context = await signedInPerson(bench.app, browser);
  await recordPageMarks(context);
  // Once online, so the contacts are cached as a person's phone would have them: the list shows,
  // then the persister writes it within its 1 s throttle (src/client/lib/query-client.ts).
  const warm = await openHome(context, bench);
  await waitForMark(warm, 'contacts');
  await warm.waitForTimeout(2000);
  await warm.close();
  await context.setOffline(true);
  const early: number[] = [];
  const sos: number[] = [];
  const contacts: number[] = [];
  let earlyMissing = 0;
  for (let run = 0; run < bench.runs; run += 1) {
    const page = await context.newPage();
    await throttle(page, { cpu: 4 });
    await page.goto(`${bench.app.url}/web/home`);
    sos.push((await waitForMark(page, 'app-sos')).at);
    contacts.push((await waitForMark(page, 'contacts')).at);
    // Marked before the app's button replaced it, or never. A run without it counts at the app's
    // time on the early home's row: the person waited that long for a button.
    const earlyMark = await readMark(page, 'early-sos');
    if (!earlyMark) earlyMissing += 1;
    early.push(earlyMark?.at ?? sos.at(-1)!);
    await page.close();
  }
  await context.close();
  const note = 'worker installed, network off, CPU 4x slower';
  const earlyNote = earlyMissing
    ? `${note}; in ${earlyMissing} of ${bench.runs} runs the early home never showed (counted at the app's time)`
    : note;
  return [
    {
      figure: '3. Reopen offline',
      what: "home: the early home's SOS button visible (index.html)",
      unit: 'ms',
      samples: early,
      budget: { max: 300 },
      note: earlyNote,
    },
    {
      figure: '3. Reopen offline',
      what: "home: the app's SOS button visible",
      unit: 'ms',
      samples: sos,
      budget: { max: 600 },
      note,
    },
    { figure: '3. Reopen offline', what: 'home: cached contact list visible', unit: 'ms', samples: contacts, note },
  ];
}

/**
 * Figures 4 and 5 with one person: press online (to the wire, to the alert
 * screen), then press offline (to the alert screen) and bring the network back
 * with the page open; last, the page closed (Background Sync alone).
 */
async function sosPress(bench: BenchContext, browser: Browser): Promise<Measurement[]> {
  const context = await signedInPerson(bench.app, browser, { geolocation: true });
  // CDP's Browser.grantPermissions (behind context.grantPermissions) refuses every permission it does
  // not name: granting geolocation alone left Background Sync 'denied', the worker's sync.register()
  // failed (Workbox swallows it) and no sync event could ever come. A phone that allows location
  // keeps Background Sync, which Chromium allows by default; so grant both.
  await context.grantPermissions(['geolocation', 'background-sync'], { origin: bench.app.url });
  await recordPageMarks(context);
  const page = await openHome(context, bench);
  const toWire: number[] = [];
  const toScreenOnline: number[] = [];
  const toScreenOffline: number[] = [];
  const backOpen: number[] = [];
  for (let run = 0; run < bench.runs; run += 1) {
    await page.getByText(HOME_LOCATION_READY).waitFor();
    await Promise.all([clearMark(page, 'click'), clearMark(page, 'active')]);
    const sent = nextSosTraffic(bench);
    await page.locator('button.sos-button').click();
    const click = await waitForMark(page, 'click');
    const active = await waitForMark(page, 'active');
    const traffic = await sent;
    if (traffic) toWire.push(traffic.arrivedAt - click.epoch);
    toScreenOnline.push(active.at - click.at);
    await endAlert(page);

    await page.getByText(HOME_LOCATION_READY).waitFor();
    await Promise.all([clearMark(page, 'click'), clearMark(page, 'active')]);
    await context.setOffline(true);
    await page.locator('button.sos-button').click();
    const offlineClick = await waitForMark(page, 'click');
    toScreenOffline.push((await waitForMark(page, 'active')).at - offlineClick.at);
    const delivered = nextSosTraffic(bench);
    const back = Date.now();
    await context.setOffline(false);
    const replay = await delivered;
    if (replay) backOpen.push(replay.answeredAt - back);
    await page.getByText(/se enviará automáticamente/).waitFor({ state: 'detached' });
    await endAlert(page);
  }
  await page.close();

  const backClosed = await networkBackPageClosed(bench, context);
  await context.close();
  return [
    {
      figure: '4. SOS press',
      what: 'press to request on the wire (cached position, online)',
      unit: 'ms',
      samples: toWire,
      budget: { max: 100 },
    },
    {
      figure: '4. SOS press',
      what: 'press to /web/active shown, online',
      unit: 'ms',
      samples: toScreenOnline,
      budget: { max: 1000 },
    },
    {
      figure: '4. SOS press',
      what: 'press to /web/active shown, offline',
      unit: 'ms',
      samples: toScreenOffline,
      budget: { max: 1000 },
    },
    {
      figure: '5. Network back',
      what: 'to queued alert stored by the server, page open',
      unit: 'ms',
      samples: backOpen,
      budget: { max: 2000 },
    },
    ...backClosed,
  ];
}

/**
 * Figure 5 with the page closed: only Background Sync can deliver, where the browser has it.
 * setOffline(true) also emulates offline on the worker's DevTools target, which holds the sync
 * events of its registration (BackgroundSyncManager::EmulateServiceWorkerOffline); setOffline(false)
 * releases them through the same FireReadyEvents a real return of the network calls. Safari, iOS
 * and Firefox have no Background Sync: there the queue waits for the app to be opened again.
 */
async function networkBackPageClosed(bench: BenchContext, context: BrowserContext): Promise<Measurement[]> {
  const samples: number[] = [];
  let missed = 0;
  for (let run = 0; run < bench.runs; run += 1) {
    const page = await openHome(context, bench);
    await context.setOffline(true);
    await page.locator('button.sos-button').click();
    await waitForMark(page, 'active');
    await page.close();
    const delivered = nextSosTraffic(bench, 20_000);
    const back = Date.now();
    await context.setOffline(false);
    const replay = await delivered;
    if (replay) samples.push(replay.answeredAt - back);
    else missed += 1;
    // Reopening delivers whatever is left, and ends the alert when it shows (see openHome).
    await (await openHome(context, bench)).close();
  }
  const delivered: Measurement = {
    figure: '5. Network back',
    what: 'page closed: runs delivered by Background Sync within 20 s',
    unit: 'count',
    samples: [bench.runs - missed],
    note: `of ${bench.runs}; a reopened app delivered the rest`,
  };
  if (!samples.length) return [delivered];
  return [
    delivered,
    {
      figure: '5. Network back',
      what: 'to queued alert stored by the server, page closed',
      unit: 'ms',
      samples,
      budget: { max: 2000 },
      note: 'Chromium Background Sync, fired when the offline emulation of the worker ends',
    },
  ];
}

/** Figures 2 to 5: what a person waits for in the browser (Chromium through CDP). */
export async function browserFigures(bench: BenchContext): Promise<Measurement[]> {
  const { browser } = await launchChromium();
  try {
    const startUp = [...(await coldLoad(bench, browser)), ...(await reopenOffline(bench, browser))];
    // Printed now: a later figure that fails must not take these with it.
    for (const { what, samples } of startUp)
      console.log(`  ${what}: ${samples.map((ms) => ms.toFixed(0)).join(', ')} ms`);
    // BENCH_BROWSER=start-up: figures 2 and 3 alone, for quick comparisons of start-up work.
    if (process.env.BENCH_BROWSER === 'start-up') return startUp;
    return [...startUp, ...(await sosPress(bench, browser))];
  } finally {
    await browser.close();
  }
}
