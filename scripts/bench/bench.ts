// `npm run bench [-- --quick] [-- --only=downloads,browser,lighthouse]`: builds the app,
// starts the real server on a temporary data directory, measures every figure of DESIGN.md section 6
// against its budget, prints the table and writes docs/benchmarks.{md,json}.
// Each timed figure is bracketed by a short calibration, and its timings are judged only
// when the machine was quiet enough (scripts/bench/verdict.ts). Exit code: 0 every budget
// met, 1 a budget missed, 2 none missed but some timing could not be judged (busy machine).
// Not part of `npm test`: timings are noisy.
import { execFileSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort, startApp } from '#test/support/app-server.ts';
import { startFaultProxy } from '#test/support/fault-proxy.ts';
import { badPushFigures } from './figures/bad-push-subscriptions.ts';
import { browserFigures } from './figures/browser-timings.ts';
import { checkInDueFigures } from './figures/check-in-due.ts';
import { cyclingAccountFigures } from './figures/cycling-account.ts';
import { deskLiveFigures } from './figures/desk-live.ts';
import { duressTimingFigures } from './figures/duress-timing.ts';
import { lighthouseFigures } from './figures/lighthouse.ts';
import { calibrate, load1, machineState } from './load/calibration.ts';
import { downloadFigures } from './figures/downloads.ts';
import { memoryFigures } from './figures/memory.ts';
import { burstMailFigures, sosBehindFloodFigures } from './figures/mail-priority.ts';
import { outboxFigures } from './figures/outbox-delivery.ts';
import { serverLoadFigures } from './figures/server-load.ts';
import { stopSharedLoadServer } from './load/load-server.ts';
import { markdownTable, median, summarise, writeReport } from './report.ts';
import type { BenchContext, Figure, Measurement } from './types.ts';
import { exitCode, stateText } from './verdict.ts';

const root = path.resolve(import.meta.dirname, '../..');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');

/** Figures whose rows do not depend on the machine's load: no calibration around them. */
const UNTIMED = new Set(['downloads']);

const figures: Record<string, Figure> = {
  downloads: downloadFigures,
  browser: browserFigures,
  lighthouse: lighthouseFigures,
  server: serverLoadFigures,
  outbox: outboxFigures,
  'sos-flood': sosBehindFloodFigures,
  'press-burst': burstMailFigures,
  'bad-push': badPushFigures,
  'cycling-account': cyclingAccountFigures,
  memory: memoryFigures,
  'check-in': checkInDueFigures,
  'desk-live': deskLiveFigures,
  'duress-timing': duressTimingFigures,
};

const started = Date.now();
if (!args.includes('--no-build')) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });

const proxyPort = await freePort();
const app = await startApp({ PUBLIC_URL: `http://127.0.0.1:${proxyPort}` });
const proxy = await startFaultProxy({ port: app.port }, proxyPort);
const context: BenchContext = { app, proxy, quick, runs: quick ? 3 : 7 };
const measurements: Measurement[] = [];
try {
  for (const [name, figure] of Object.entries(figures)) {
    if (only && !only.includes(name)) continue;
    console.log(`bench: ${name}…`);
    const begun = Date.now();
    if (UNTIMED.has(name)) {
      measurements.push(...(await figure(context)));
    } else {
      const loadAtStart = load1();
      const before = await calibrate(app);
      const rows = await figure(context);
      // A moment for the figure's own leftovers (a browser closing, a server stopping) to end first.
      await sleep(2000);
      const after = await calibrate(app);
      // A figure that measured the calibration itself (the server figure's row, readings spread through it) counts those too.
      const inside = rows
        .filter((row) => row.what.startsWith('calibration:') && row.unit === 'req/s')
        .map((row) => median(row.samples));
      const machine = machineState(Math.min(before, ...inside), after, loadAtStart);
      console.log(
        `bench: ${name}: ${stateText(machine)} (calibration before ${before.toFixed(0)}, after ${after.toFixed(0)}${inside.length ? `, inside ${inside.map((r) => r.toFixed(0)).join(', ')}` : ''} req/s)`,
      );
      measurements.push(...rows.map((row) => ({ ...row, machine })));
    }
    console.log(`bench: ${name} took ${((Date.now() - begun) / 1000).toFixed(0)} s`);
  }
} finally {
  await stopSharedLoadServer();
  await proxy.close();
  await app.stop();
}

const rows = summarise(measurements);
console.log(`\n${markdownTable(rows)}\n`);
await writeReport(root, rows, {
  date: new Date().toISOString(),
  quick,
  machine: `${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, Node ${process.versions.node}`,
  browser: process.env.CHROMIUM_PATH || '/usr/bin/chromium (or @sparticuz/chromium when missing)',
  database: process.env.DATABASE_URL ? 'DATABASE_URL' : 'embedded PostgreSQL',
  seconds: (Date.now() - started) / 1000,
});
// A figure the bench lost (no sample, or NaN) fails its row: named here, so it cannot pass unseen.
for (const row of rows.filter((r) => r.missing))
  console.log(`bench: no figure for '${row.figure} | ${row.what}': ${row.missing}`);
const missed = rows.filter((row) => row.result === 'FAIL').length;
const unjudged = rows.filter((row) => row.result === 'busy').length;
const code = exitCode(rows.map((row) => row.result));
if (code === 1)
  console.log(
    `bench: ${missed} budget(s) missed${unjudged ? `, ${unjudged} timing(s) not judged (machine too busy)` : ''}`,
  );
else if (code === 2)
  console.log(
    `bench: no budget missed, but ${unjudged} timing(s) not judged: the machine was too busy (exit 2, not a pass)`,
  );
else console.log('bench: every budget met');
process.exit(code);
