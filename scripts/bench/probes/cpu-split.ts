// `node --import tsx scripts/bench/probes/cpu-split.ts [seconds] [connections]`:
// SOS presses in a closed loop against the real server, and where the machine's
// CPU went meanwhile: the app's Node process, its PostgreSQL, and this process
// (the load tool and the SMTP listener), with the e-mails accepted during the run.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { alertPresses } from '../load/api-requests.ts';
import { runClosedLoop } from '../load/closed-loop.ts';
import { startLoadServer } from '../load/load-server.ts';
import { serverCpu } from '../load/process-cpu.ts';
import { resetAlerts } from '../load/reset-alerts.ts';
import { seedPeople } from '../load/seed-people.ts';

const seconds = Number(process.argv[2] ?? 5);
const connections = Number(process.argv[3] ?? 100);
const rounds = Number(process.argv[4] ?? 3);
const server = await startLoadServer();
const people = await seedPeople(server.db, 8000, 3);
const presses = alertPresses(people);
const pgDataDir = path.join(server.app.dataDir, 'pg');
await runClosedLoop({ url: server.app.url, connections, seconds: 2, next: presses.next });
for (let round = 0; round < rounds; round++) {
  await resetAlerts(server.db, 60_000);
  presses.restart();
  const mailsBefore = server.mail.accepted.length;
  const before = await serverCpu(server.app.pid, pgDataDir);
  const self = process.cpuUsage();
  const start = performance.now();
  const result = await runClosedLoop({ url: server.app.url, connections, seconds, next: presses.next });
  const wall = (performance.now() - start) / 1000;
  const after = await serverCpu(server.app.pid, pgDataDir);
  const used = process.cpuUsage(self);
  const mails = server.mail.accepted.length - mailsBefore;
  const n = result.completed;
  const per = (s: number) => ((s * 1000) / n).toFixed(2);
  console.log(
    `${connections} conns: ${Math.round(result.perSecond)}/s p50 ${result.p50} p99 ${result.p99} errors ${result.errors}; ` +
      `cores: node ${((after.node - before.node) / wall).toFixed(2)} pg ${((after.postgres - before.postgres) / wall).toFixed(2)} bench ${((used.user + used.system) / 1e6 / wall).toFixed(2)}; ` +
      `ms/alert: node ${per(after.node - before.node)} pg ${per(after.postgres - before.postgres)} bench ${per((used.user + used.system) / 1e6)}; mails during run ${mails} (${(mails / n).toFixed(2)}/alert)`,
  );
}
await server.stop();
