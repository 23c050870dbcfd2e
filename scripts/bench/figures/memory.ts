import { setTimeout as sleep } from 'node:timers/promises';
import { launchChromium } from '#test/support/chromium.ts';
import type { BenchContext, Measurement } from '../types.ts';
import { alertPresses, contactListReads } from '../load/api-requests.ts';
import { runClosedLoop } from '../load/closed-loop.ts';
import { sharedLoadServer } from '../load/load-server.ts';
import type { LoadServer } from '../load/load-server.ts';
import { rssMB, sampleRss } from '../load/process-memory.ts';
import { resetAlerts } from '../load/reset-alerts.ts';
import { seedPeople } from '../load/seed-people.ts';
import { recordPageMarks, waitForMark } from './page-marks.ts';
import { signedInPerson } from './signed-in-person.ts';

const FIGURE = '8. Memory';
const CONNECTIONS = 100;

/** The server's RSS right after start, at its peak under alerts and list reads, and once the load has stopped. */
async function serverMemory(server: LoadServer, bench: BenchContext): Promise<Measurement[]> {
  const seconds = bench.quick ? 2 : 8;
  const runs = bench.quick ? 1 : 3;
  const people = await seedPeople(server.db, bench.quick ? 2000 : 15_000, 3);
  const presses = alertPresses(people);
  const reads = contactListReads(people);
  let turn = 0;
  // Presses and list reads in turns, like a crowd of phones.
  const next = () => (turn++ % 2 ? reads() : presses.next());
  const peak: number[] = [];
  const after: number[] = [];
  for (let run = 0; run < runs; run += 1) {
    await resetAlerts(server.db);
    presses.restart();
    const sampler = sampleRss(server.app.pid);
    await runClosedLoop({ url: server.app.url, connections: CONNECTIONS, seconds, next });
    peak.push(await sampler.stop());
    // The outbox sends what the load queued, then the process rests.
    await resetAlerts(server.db);
    await sleep(2000);
    after.push(await rssMB(server.app.pid));
  }
  const load = `${CONNECTIONS} connections, SOS presses and contact lists in turns, ${seconds} s a run, e-mails sent meanwhile`;
  return [
    {
      figure: FIGURE,
      what: 'server RSS, idle after start',
      unit: 'MB',
      samples: [server.freshRssMB],
      note: 'Node process only (PostgreSQL is its own process), 1 s after start',
    },
    { figure: FIGURE, what: 'server RSS, peak under load', unit: 'MB', samples: peak, note: load },
    {
      figure: FIGURE,
      what: 'server RSS, idle after the load',
      unit: 'MB',
      samples: after,
      note: '2 s after the outbox emptied',
    },
  ];
}

/** The page's JS heap on home, signed in with one contact, after a garbage collection. */
async function homeHeap(bench: BenchContext): Promise<Measurement[]> {
  const { browser } = await launchChromium();
  try {
    const context = await signedInPerson(bench.app, browser);
    await recordPageMarks(context);
    const used: number[] = [];
    for (let run = 0; run < bench.runs; run += 1) {
      const page = await context.newPage();
      await page.goto(`${bench.app.url}/web/home`);
      await waitForMark(page, 'sos');
      await waitForMark(page, 'contacts');
      const cdp = await context.newCDPSession(page);
      await cdp.send('HeapProfiler.collectGarbage');
      const heap = await cdp.send('Runtime.getHeapUsage');
      used.push(heap.usedSize / 1e6);
      await page.close();
    }
    await context.close();
    return [
      {
        figure: FIGURE,
        what: 'browser JS heap on home (page)',
        unit: 'MB',
        samples: used,
        note: 'signed in, contact list shown, after a forced GC; the service worker has its own heap',
      },
    ];
  } finally {
    await browser.close();
  }
}

/** Figure 8: the server's memory idle and under load, and the browser's JS heap on home. */
export async function memoryFigures(bench: BenchContext): Promise<Measurement[]> {
  const rows = await serverMemory(await sharedLoadServer(), bench);
  return [...rows, ...(await homeHeap(bench))];
}
