// `node --import tsx scripts/bench/probes/tail-gc.ts [runs] [burst|quiet] [server flags…]`:
// what the p99 of figure 6's open loop (500 presses/s) waits on. Like the bench, each
// open-loop run may follow closed-loop bursts (10, 100, 500 connections, 5 s each);
// the server records its garbage collections and event-loop delay (gc-probe-preload.mjs),
// and each run prints its p99 beside the server's GC time during the run, its longest
// pause, and how many of the slowest 1% of presses had a pause of 5 ms or more in flight.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { alertPresses } from '../load/api-requests.ts';
import { calibrate } from '../load/calibration.ts';
import { runClosedLoop } from '../load/closed-loop.ts';
import { startLoadServer } from '../load/load-server.ts';
import { runOpenLoop } from '../load/open-loop.ts';
import { percentile } from '../load/percentile.ts';
import { resetAlerts } from '../load/reset-alerts.ts';
import { seedPeople } from '../load/seed-people.ts';

const runs = Number(process.argv[2] ?? 3);
const burst = (process.argv[3] ?? 'burst') === 'burst';
const serverFlags = process.argv.slice(4).join(' ');
const RATE = 500;
const SECONDS = 5;

const dir = await mkdtemp(path.join(tmpdir(), 'tail-gc-'));
const probeFile = path.join(dir, 'probe.jsonl');
const preload = path.join(import.meta.dirname, 'gc-probe-preload.mjs');
const server = await startLoadServer({
  env: { NODE_OPTIONS: `--import=${preload} ${serverFlags}`, PROBE_FILE: probeFile },
});
const people = await seedPeople(server.db, 16000, 3);
const presses = alertPresses(people);
const url = server.app.url;

type Gc = { gc: string; at: number; ms: number };
type Loop = { loop: number; max: number; p99: number; heapMB: number };
type Handled = { req: number; ms: number };
async function probeLines(): Promise<{ gcs: Gc[]; loops: Loop[]; handled: Handled[] }> {
  const lines = (await readFile(probeFile, 'utf8').catch(() => ''))
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as Gc | Loop | Handled);
  return {
    gcs: lines.filter((l): l is Gc => 'gc' in l),
    loops: lines.filter((l): l is Loop => 'loop' in l),
    handled: lines.filter((l): l is Handled => 'req' in l),
  };
}

async function walAndCheckpoints(): Promise<{ lsn: number; checkpoints: number; fpi: number }> {
  const { rows } = await server.pool.query<{ lsn: string; checkpoints: number; fpi: string }>(
    `select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text as lsn,
       (select (num_timed + num_requested)::int from pg_stat_checkpointer) as checkpoints,
       (select wal_fpi::text from pg_stat_wal) as fpi`,
  );
  return { lsn: Number(rows[0]!.lsn), checkpoints: rows[0]!.checkpoints, fpi: Number(rows[0]!.fpi) };
}

/** PostgreSQL's sessions every 20 ms while `running()`: client wait events and other active backends (autovacuum, checkpointer). */
async function samplePostgres(running: () => boolean): Promise<Map<string, number>> {
  const seen = new Map<string, number>();
  while (running()) {
    const { rows } = await server.pool.query<{ w: string }>(
      `select backend_type || ' ' || coalesce(wait_event_type || ':' || wait_event, 'on cpu')
         || case when backend_type = 'autovacuum worker' then ' ' || left(query, 40) else '' end as w from pg_stat_activity
       where state = 'active' and pid <> pg_backend_pid() and query not ilike '%outbox%'`,
    );
    for (const { w } of rows) seen.set(w, (seen.get(w) ?? 0) + 1);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return seen;
}

await runOpenLoop({ url, rate: RATE, seconds: 2, next: presses.next });
for (let run = 0; run < runs; run += 1) {
  if (burst) {
    for (const connections of [10, 100, 500]) {
      await resetAlerts(server.db, 30_000, { discardMail: true });
      presses.restart();
      await runClosedLoop({ url, connections, seconds: 5, next: presses.next });
    }
  }
  await resetAlerts(server.db, 30_000, { discardMail: true });
  presses.restart();
  const calibration = await calibrate(server.app, 2);
  const load = loadavg()[0]!.toFixed(2);
  const replies: { due: number; ms: number }[] = [];
  const walBefore = await walAndCheckpoints();
  const start = Date.now();
  let running = true;
  const sampled = samplePostgres(() => running);
  const result = await runOpenLoop({
    url,
    rate: RATE,
    seconds: SECONDS,
    next: presses.next,
    onReply: (due, ms) => replies.push({ due, ms }),
  });
  running = false;
  const waits = await sampled;
  const walAfter = await walAndCheckpoints();
  const end = Date.now();
  await new Promise((resolve) => setTimeout(resolve, 300));
  const { gcs, loops, handled } = await probeLines();
  const inRun = handled.filter((h) => h.req >= start && h.req <= end).map((h) => h.ms);
  const during = gcs.filter((g) => g.at >= start && g.at <= end);
  const byKind = new Map<string, { n: number; ms: number; max: number }>();
  for (const g of during) {
    const k = byKind.get(g.gc) ?? { n: 0, ms: 0, max: 0 };
    byKind.set(g.gc, { n: k.n + 1, ms: k.ms + g.ms, max: Math.max(k.max, g.ms) });
  }
  const cut = percentile(
    replies.map((r) => r.ms),
    99,
  );
  const slow = replies.filter((r) => r.ms >= cut);
  const pauses = during.filter((g) => g.ms >= 5);
  const hit = slow.filter((r) => pauses.some((g) => g.at < r.due + r.ms && g.at + g.ms > r.due)).length;
  const loopMax = loops.filter((l) => l.loop >= start && l.loop <= end + 250);
  const heap = loopMax.map((l) => l.heapMB);
  console.log(
    `run ${run + 1}${burst ? ' after bursts' : ''}: p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, send lag ${result.maxSendLag.toFixed(0)} ms; ` +
      `calibration ${calibration.toFixed(0)} req/s, load ${load}\n` +
      `  GC during the run: ${[...byKind].map(([k, v]) => `${k} ${v.n}× ${v.ms.toFixed(0)} ms (max ${v.max.toFixed(1)})`).join(', ') || 'none'}; heap ${Math.min(...heap).toFixed(0)}-${Math.max(...heap).toFixed(0)} MB\n` +
      `  event-loop delay max per 250 ms: ${loopMax.map((l) => l.max.toFixed(0)).join(' ')}\n` +
      `  slowest 1% (>= ${cut.toFixed(1)} ms): ${slow.length}, of which ${hit} had a GC pause >= 5 ms in flight\n` +
      `  in the handler ('request' to 'finish'): p50 ${percentile(inRun, 50).toFixed(1)} ms, p99 ${percentile(inRun, 99).toFixed(1)} ms, max ${Math.max(...inRun).toFixed(0)} ms (${inRun.length} presses)\n` +
      `  WAL ${((walAfter.lsn - walBefore.lsn) / 2 ** 20).toFixed(1)} MB, checkpoints ${walAfter.checkpoints - walBefore.checkpoints}, WAL full-page images ${walAfter.fpi - walBefore.fpi}\n` +
      `  PostgreSQL samples: ${[...waits]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
        .map(([w, n]) => `${n} ${w}`)
        .join(', ')}`,
  );
}
await server.stop();
await rm(dir, { recursive: true, force: true });
