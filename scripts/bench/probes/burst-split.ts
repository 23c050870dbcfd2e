// `node --import tsx scripts/bench/probes/burst-split.ts [runs] [profile]`: the burst of
// the bench's press-burst figure (an offered 300 presses/s for 20 s, 3 confirmed contacts
// each) against the real server, and where the time went: CPU of the server's main thread,
// of its sender thread and of its other threads, of PostgreSQL and of this process (load
// tool and SMTP listener); e-mails accepted and still pending second by second; the
// sender's batches (rows marked sent together share their sent_at). With `profile`, V8's
// profiler runs in the server's threads during the last run and the top costs are printed.
// EXPLAIN=1 prints the alert lane's claim plan three times a run (EXPLAIN_SET: how its
// transaction begins, `begin` by default).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { alertPresses } from '../load/api-requests.ts';
import { startLoadServer } from '../load/load-server.ts';
import { runOpenLoop } from '../load/open-loop.ts';
import { percentile } from '../load/percentile.ts';
import { serverCpu } from '../load/process-cpu.ts';
import { resetAlerts } from '../load/reset-alerts.ts';
import { seedPeople } from '../load/seed-people.ts';
import { type CpuProfile, summariseCpuProfile } from './cpu-profile-summary.ts';

const runs = Number(process.argv[2] ?? 1);
const profiling = process.argv[3] === 'profile';
const RATE = 300;
const SECONDS = 20;
const CONTACTS = 3;

const probeDir = await mkdtemp(path.join(tmpdir(), 'sos-burst-'));
const preload = path.join(import.meta.dirname, 'thread-probe-preload.mjs');
const server = await startLoadServer({ env: { NODE_OPTIONS: `--import=${preload}`, PROBE_DIR: probeDir } });
const pgDataDir = path.join(server.app.dataDir, 'pg');
const pid = server.app.pid;

/** CPU seconds of each thread of the server, by our name for it. */
function threadCpu(): Record<string, number> {
  const tids = new Map<string, string>();
  for (const file of existsSync(probeDir) ? readdirSyncSafe(probeDir) : []) {
    const match = /^thread-(\d+)\.tid$/.exec(file);
    if (match)
      tids.set(readFileSync(path.join(probeDir, file), 'utf8').trim(), match[1] === '0' ? 'main' : `worker${match[1]}`);
  }
  const out: Record<string, number> = { other: 0 };
  for (const tid of readdirSyncSafe(`/proc/${pid}/task`)) {
    const stat = (() => {
      try {
        return readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      } catch {
        return '';
      }
    })();
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    const cpu = ((fields[11] ?? 0) + (fields[12] ?? 0)) / 100;
    const name = tids.get(tid) ?? 'other';
    out[name] = (out[name] ?? 0) + cpu;
  }
  return out;
}
function readdirSyncSafe(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

const people = await seedPeople(server.db, RATE * SECONDS, CONTACTS);
// AGE=N: N e-mails already sent and N/3 ended alerts, as the figures before this one leave a full bench's server.
const age = Number(process.env.AGE ?? 0);
if (age > 0) {
  await server.pool.query(
    `insert into outbox (kind, priority, recipient, status, attempts, next_attempt_at, created_at, sent_at)
     select 'alert-started', 0, 'aged-' || g || '@example.org', 'sent', 1, now(), now(), now() from generate_series(1, $1) g`,
    [age],
  );
  await server.pool.query(
    `insert into alerts (user_id, status, timezone, pressed_at, started_at, ended_at)
     select u.id, 'ended', 'UTC', now(), now(), now() from users u, generate_series(1, greatest(1, $1 / 3 / (select count(*) from users)::int))`,
    [age],
  );
  await server.pool.query('vacuum analyze');
}
for (let run = 0; run < runs; run += 1) {
  await resetAlerts(server.db, 60_000, { discardMail: true });
  const profileNow = profiling && run === runs - 1;
  if (profileNow) {
    await writeFile(path.join(probeDir, 'profile-on'), '');
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  const presses = alertPresses(people);
  const sentAt: number[] = [];
  const firstMail = server.mail.accepted.length;
  const cpu0 = threadCpu();
  const srv0 = await serverCpu(pid, pgDataDir);
  const self0 = process.cpuUsage();
  const t0 = performance.now();
  const timeline: string[] = [];
  let sampling = true;
  const sampler = (async () => {
    let lastMails = firstMail;
    let lastCpu = threadCpu();
    while (sampling) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const { rows } = await server.pool.query<{ pending: number; alerts: number }>(
        `select (select count(*)::int from outbox where status = 'pending') as pending, (select count(*)::int from alerts where status = 'active') as alerts`,
      );
      const mails = server.mail.accepted.length;
      const cpu = threadCpu();
      if (process.env.EXPLAIN && [5, 12, 25].includes(timeline.length)) {
        const client = await server.pool.connect();
        try {
          await client.query(process.env.EXPLAIN_SET ?? 'begin');
          const plan =
            await client.query(`explain (analyze, buffers) select id, kind, user_id, recipient, subject, text, html, template_data, attempts from outbox
    where status = 'pending' and priority <= 0 and next_attempt_at <= now() order by priority, turn, next_attempt_at, id limit 10 for update skip locked`);
          const stats = await client.query(
            `select n_live_tup, n_dead_tup, last_autovacuum, autovacuum_count from pg_stat_user_tables where relname = 'outbox'`,
          );
          timeline.push(
            plan.rows.map((r) => '    ' + r['QUERY PLAN']).join('\n') + '\n    ' + JSON.stringify(stats.rows[0]),
          );
          await client.query('rollback');
        } finally {
          client.release();
        }
      }
      const d = (k: string) => ((cpu[k] ?? 0) - (lastCpu[k] ?? 0)).toFixed(2);
      const workers = Object.keys(cpu).filter((k) => k.startsWith('worker'));
      timeline.push(
        `  t=${((performance.now() - t0) / 1000).toFixed(0).padStart(3)}s presses ${String(sentAt.length).padStart(5)} alerts ${String(rows[0]?.alerts).padStart(5)} ` +
          `mails +${String(mails - lastMails).padStart(4)} pending ${String(rows[0]?.pending).padStart(5)} | main ${d('main')} ${workers.map((w) => `${w} ${d(w)}`).join(' ')} other ${d('other')}`,
      );
      lastMails = mails;
      lastCpu = cpu;
    }
  })();
  const result = await runOpenLoop({
    url: server.app.url,
    rate: RATE,
    seconds: SECONDS,
    next: () => {
      sentAt.push(performance.now());
      return presses.next();
    },
  });
  const start = sentAt[0] ?? t0;
  const end = start + SECONDS * 1000;
  const due = sentAt.length * CONTACTS;
  const deadline = performance.now() + 60_000;
  while (server.mail.accepted.length - firstMail < due && performance.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
  sampling = false;
  await sampler;
  const wall = (performance.now() - t0) / 1000;
  const cpu1 = threadCpu();
  const srv1 = await serverCpu(pid, pgDataDir);
  const self = process.cpuUsage(self0);
  if (profileNow) await rm(path.join(probeDir, 'profile-on'));

  const mails = server.mail.accepted.slice(firstMail);
  const acceptedAt = new Map<string, number>();
  for (const mail of mails) for (const to of mail.to) if (!acceptedAt.has(to)) acceptedAt.set(to, mail.at);
  const delays = sentAt.map((at, i) => {
    const times = people[i]!.contactEmails.map((to) => acceptedAt.get(to));
    return times.some((t) => t === undefined) ? Number.POSITIVE_INFINITY : Math.max(...(times as number[])) - at;
  });
  const during = mails.filter((mail) => mail.at <= end).length;
  const batches = await server.db.execute<{ size: number; n: number }>(sql`
    select size, count(*)::int as n from (select sent_at, count(*)::int as size from outbox where status = 'sent' and sent_at > now() - interval '5 minutes' group by sent_at) b
    group by size order by size`);
  console.log(
    `run ${run + 1}: ${sentAt.length} sent, ${result.completed} answered, ${result.errors} errors, ${result.unanswered} unanswered, press p50 ${result.p50} p99 ${result.p99}, send lag ${result.maxSendLag.toFixed(0)} ms`,
  );
  console.log(
    `  press→last e-mail p50 ${percentile(delays, 50).toFixed(0)} p95 ${percentile(delays, 95).toFixed(0)} ms; during burst ${((100 * during) / due).toFixed(1)}% (${during}/${due})`,
  );
  const threads = Object.keys(cpu1)
    .map((k) => `${k} ${((cpu1[k]! - (cpu0[k] ?? 0)) / wall).toFixed(2)}`)
    .join(' ');
  console.log(
    `  cores over ${wall.toFixed(1)} s: node ${((srv1.node - srv0.node) / wall).toFixed(2)} (${threads}) pg ${((srv1.postgres - srv0.postgres) / wall).toFixed(2)} bench ${((self.user + self.system) / 1e6 / wall).toFixed(2)}`,
  );
  const workerCpu = Object.keys(cpu1)
    .filter((k) => k.startsWith('worker'))
    .reduce((sum, k) => sum + cpu1[k]! - (cpu0[k] ?? 0), 0);
  console.log(
    `  sender thread: ${((workerCpu * 1000) / Math.max(1, mails.length)).toFixed(3)} ms of CPU per e-mail (${workerCpu.toFixed(2)} s for ${mails.length})`,
  );
  console.log(`  batches (size:count): ${batches.rows.map((b) => `${b.size}:${b.n}`).join(' ')}`);
  console.log(timeline.join('\n'));
}

if (profiling) {
  await new Promise((resolve) => setTimeout(resolve, 1500));
  for (const file of (await readdir(probeDir)).filter((f) => f.endsWith('.cpuprofile'))) {
    const summary = summariseCpuProfile(JSON.parse(await readFile(path.join(probeDir, file), 'utf8')) as CpuProfile);
    console.log(
      `\n== ${file} (${summary.total} samples)\nby package/file:\n${summary.byPackage(20)}\nby function:\n${summary.byFunction(30)}`,
    );
  }
  console.log(`profiles in ${probeDir}`);
}
await server.stop();
