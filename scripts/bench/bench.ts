// `npm run bench [-- --quick] [-- --only=downloads,browser]`: builds the app, starts
// the real server on a temporary data directory, measures every figure of issue 7
// against DESIGN.md section 6, prints the table, writes docs/benchmarks.{md,json},
// and exits non-zero when a budget is missed. Not part of `npm test`: timings are noisy.
import { execFileSync } from 'node:child_process';
import { cpus, totalmem } from 'node:os';
import path from 'node:path';
import { freePort, startApp } from '#test/support/app-server.ts';
import { startFaultProxy } from '#test/support/fault-proxy.ts';
import { browserFigures } from './figures/browser-timings.ts';
import { downloadFigures } from './figures/downloads.ts';
import { memoryFigures } from './figures/memory.ts';
import { burstMailFigures, sosBehindFloodFigures } from './figures/mail-priority.ts';
import { outboxFigures } from './figures/outbox-delivery.ts';
import { serverLoadFigures } from './figures/server-load.ts';
import { stopSharedLoadServer } from './load/load-server.ts';
import { markdownTable, summarise, writeReport } from './report.ts';
import type { BenchContext, Figure, Measurement } from './types.ts';

const root = path.resolve(import.meta.dirname, '../..');
const args = process.argv.slice(2);
const quick = args.includes('--quick');
const only = args
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');

const figures: Record<string, Figure> = {
  downloads: downloadFigures,
  browser: browserFigures,
  server: serverLoadFigures,
  outbox: outboxFigures,
  'sos-flood': sosBehindFloodFigures,
  'press-burst': burstMailFigures,
  memory: memoryFigures,
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
    measurements.push(...(await figure(context)));
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
const missed = rows.filter((row) => row.pass === false);
console.log(missed.length ? `bench: ${missed.length} budget(s) missed` : 'bench: every budget met');
process.exit(missed.length ? 1 : 0);
