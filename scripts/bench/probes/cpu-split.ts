// `node --import tsx scripts/bench/probes/cpu-split.ts [seconds] [connections]`:
// SOS presses in a closed loop against the real server, and where the machine's
// CPU went meanwhile: the app's Node process, its PostgreSQL, and this process
// (the load tool and the SMTP listener), with the e-mails accepted during the run.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { alertPresses } from '../load/api-requests.ts';
import { runClosedLoop } from '../load/closed-loop.ts';
import { startLoadServer } from '../load/load-server.ts';
import { serverCpu } from '../load/process-cpu.ts';
import { resetAlerts } from '../load/reset-alerts.ts';
import { seedPeople } from '../load/seed-people.ts';

/** The machine's CPU time by kind (/proc/stat's first line), in seconds. */
function machine(): Record<string, number> {
  const [, ...fields] = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/);
  const names = ['user', 'nice', 'system', 'idle', 'iowait', 'irq', 'softirq', 'steal'];
  return Object.fromEntries(names.map((name, i) => [name, Number(fields[i]) / 100]));
}

const seconds = Number(process.argv[2] ?? 5);
const connections = Number(process.argv[3] ?? 100);
const rounds = Number(process.argv[4] ?? 3);
const server = await startLoadServer();
const people = await seedPeople(server.db, 14000, 3);
const presses = alertPresses(people);
const pgDataDir = path.join(server.app.dataDir, 'pg');
await runClosedLoop({ url: server.app.url, connections, seconds: 2, next: presses.next });
for (let round = 0; round < rounds; round++) {
  await resetAlerts(server.db, 60_000);
  presses.restart();
  const mailsBefore = server.mail.accepted.length;
  const before = await serverCpu(server.app.pid, pgDataDir);
  const self = process.cpuUsage();
  const machineBefore = machine();
  const start = performance.now();
  const waits = new Map<string, number>();
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      const { rows } = await server.pool.query<{ w: string }>(
        `select coalesce(wait_event_type || ':' || wait_event, 'on cpu') || ' ' || left(query, 30) as w from pg_stat_activity
         where backend_type = 'client backend' and state = 'active' and pid <> pg_backend_pid()`,
      );
      for (const { w } of rows) waits.set(w, (waits.get(w) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const result = await runClosedLoop({ url: server.app.url, connections, seconds, next: presses.next });
  const wall = (performance.now() - start) / 1000;
  sampling = false;
  await sampler;
  console.log(
    [...waits]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .map(([w, n]) => `  ${n} ${w.replace(/\s+/g, ' ')}`)
      .join('\n'),
  );
  const after = await serverCpu(server.app.pid, pgDataDir);
  const used = process.cpuUsage(self);
  const machineAfter = machine();
  const kinds = Object.keys(machineAfter)
    .map((kind) => `${kind} ${((machineAfter[kind]! - machineBefore[kind]!) / wall).toFixed(2)}`)
    .join(' ');
  const mails = server.mail.accepted.length - mailsBefore;
  const n = result.completed;
  const per = (s: number) => ((s * 1000) / n).toFixed(2);
  console.log(
    `${connections} conns: ${Math.round(result.perSecond)}/s p50 ${result.p50} p99 ${result.p99} errors ${result.errors}; ` +
      `cores: node ${((after.node - before.node) / wall).toFixed(2)} pg ${((after.postgres - before.postgres) / wall).toFixed(2)} bench ${((used.user + used.system) / 1e6 / wall).toFixed(2)}; ` +
      `ms/alert: node ${per(after.node - before.node)} pg ${per(after.postgres - before.postgres)} bench ${per((used.user + used.system) / 1e6)}; mails during run ${mails} (${(mails / n).toFixed(2)}/alert)\n  machine cores: ${kinds}`,
  );
}
if (process.env.SHOW_SERVER_OUTPUT)
  console.log(
    server.app
      .output()
      .split('\n')
      .filter((line) => line.startsWith('STATS'))
      .join('\n'),
  );
await server.stop();
