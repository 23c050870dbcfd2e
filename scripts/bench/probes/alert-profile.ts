// `node --import tsx scripts/bench/probes/alert-profile.ts [seconds] [connections]`:
// the real server under SOS presses (closed loop), with V8's CPU profiler on in
// the server process. Prints the CPU per alert of Node and PostgreSQL, the
// statements PostgreSQL ran per alert, and the profile's top costs by function
// and by package. The .cpuprofile is kept for a closer look (Chrome DevTools).
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { alertPresses } from '../load/api-requests.ts';
import { runClosedLoop } from '../load/closed-loop.ts';
import { startLoadServer } from '../load/load-server.ts';
import { serverCpu } from '../load/process-cpu.ts';
import { resetAlerts } from '../load/reset-alerts.ts';
import { seedPeople } from '../load/seed-people.ts';
import { committedTransactions } from '#test/support/committed-transactions.ts';
import { type CpuProfile, summariseCpuProfile } from './cpu-profile-summary.ts';

/** user and system CPU seconds of one process (/proc/<pid>/stat). */
async function userAndSystem(pid: number): Promise<{ user: number; system: number }> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const [utime = 0, stime = 0] = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .slice(11, 13)
    .map(Number);
  return { user: utime / 100, system: stime / 100 };
}

const seconds = Number(process.argv[2] ?? 8);
const connections = Number(process.argv[3] ?? 100);
/** `mails`: profile the sending of the backlog after the run instead of the run. */
const profiled = process.argv[4] === 'mails' ? 'mails' : 'presses';
const profileDir = await mkdtemp(path.join(tmpdir(), 'sos-profile-'));

const profileFile = path.join(profileDir, 'server.cpuprofile');
const preload = path.join(import.meta.dirname, 'cpu-profile-preload.mjs');
const server = await startLoadServer({ env: { NODE_OPTIONS: `--import=${preload}`, CPU_PROFILE_FILE: profileFile } });
const people = await seedPeople(server.db, 14000, 3);
const presses = alertPresses(people);
const pgDataDir = path.join(server.app.dataDir, 'pg');

// Warm up the JIT and the pool, then measure.
await runClosedLoop({ url: server.app.url, connections, seconds: 2, next: presses.next });
await resetAlerts(server.db, 20_000);
presses.restart();
const transactions = () => committedTransactions(server.db.$client);
process.kill(server.app.pid, 'SIGUSR2');
const before = await serverCpu(server.app.pid, pgDataDir);
const txBefore = await transactions();
const result = await runClosedLoop({ url: server.app.url, connections, seconds, next: presses.next });
const after = await serverCpu(server.app.pid, pgDataDir);
const txAfter = await transactions();
process.kill(server.app.pid, 'SIGUSR2');
if (profiled === 'mails') {
  // Two signals at once would arrive as one.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  process.kill(server.app.pid, 'SIGUSR2');
}
// What the e-mails alone cost: the backlog the run left, sent with no press coming in.
const backlog = Number(
  (await server.db.execute<{ n: number }>(sql`select count(*)::int as n from outbox where status = 'pending'`)).rows[0]
    ?.n,
);
const drainBefore = await serverCpu(server.app.pid, pgDataDir);
const splitBefore = await userAndSystem(server.app.pid);
await resetAlerts(server.db, 60_000);
const drainAfter = await serverCpu(server.app.pid, pgDataDir);
const splitAfter = await userAndSystem(server.app.pid);
if (profiled === 'mails') process.kill(server.app.pid, 'SIGUSR2');
await new Promise((resolve) => setTimeout(resolve, 3000));
await server.stop();

const per = (value: number) => ((value * 1000) / result.completed).toFixed(2);
console.log(
  `${result.completed} alerts, ${result.perSecond.toFixed(0)}/s, p50 ${result.p50} ms, p99 ${result.p99} ms, errors ${result.errors}`,
);
console.log(
  `CPU per alert: Node ${per(after.node - before.node)} ms, PostgreSQL ${per(after.postgres - before.postgres)} ms (e-mails sent meanwhile included)`,
);
if (backlog > 100) {
  const perMail = (value: number) => ((value * 1000) / backlog).toFixed(2);
  console.log(
    `CPU per e-mail sent (a backlog of ${backlog} after the run): Node ${perMail(drainAfter.node - drainBefore.node)} ms, PostgreSQL ${perMail(drainAfter.postgres - drainBefore.postgres)} ms`,
  );
  console.log(
    `  of Node's: user ${perMail(splitAfter.user - splitBefore.user)} ms, system ${perMail(splitAfter.system - splitBefore.system)} ms`,
  );
}
console.log(`committed transactions per alert (all sessions): ${((txAfter - txBefore) / result.completed).toFixed(2)}`);

const summary = summariseCpuProfile(JSON.parse(await readFile(profileFile, 'utf8')) as CpuProfile);
console.log(
  `\nself time by package/file (${profiled === 'mails' ? 'sending the backlog' : 'measured run'} only, ${summary.total} samples):\n${summary.byPackage(25)}`,
);
console.log(`\nself time by function:\n${summary.byFunction(40)}`);
console.log(`\nprofile: ${profileFile}`);
