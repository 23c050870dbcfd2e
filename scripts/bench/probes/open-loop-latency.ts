// `node --import tsx scripts/bench/probes/open-loop-latency.ts [rate] [runs] [seconds]`:
// SOS presses at a fixed offered rate (open loop, as figure 6's latency budget),
// run after run on one server: p50 and p99 of each, to compare server settings.
import { alertPresses } from '../load/api-requests.ts';
import { startLoadServer } from '../load/load-server.ts';
import { runClosedLoop } from '../load/closed-loop.ts';
import { runOpenLoop } from '../load/open-loop.ts';
import { resetAlerts } from '../load/reset-alerts.ts';
import { seedPeople } from '../load/seed-people.ts';

const rate = Number(process.argv[2] ?? 500);
const runs = Number(process.argv[3] ?? 6);
const seconds = Number(process.argv[4] ?? 5);
/** `burst`: 500 connections in a closed loop for 2 s before each run, as the bench's peak runs come first. */
const burst = process.argv[5] === 'burst';
const server = await startLoadServer();
const people = await seedPeople(server.db, rate * seconds + (burst ? 8000 : 1000), 3);
const presses = alertPresses(people);
await runOpenLoop({ url: server.app.url, rate, seconds: 2, next: presses.next });
for (let run = 0; run < runs; run += 1) {
  if (burst) {
    await resetAlerts(server.db, 30_000, { discardMail: true });
    presses.restart();
    await runClosedLoop({ url: server.app.url, connections: 500, seconds: 2, next: presses.next });
  }
  await resetAlerts(server.db, 30_000, { discardMail: true });
  presses.restart();
  const result = await runOpenLoop({ url: server.app.url, rate, seconds, next: presses.next });
  console.log(`${rate}/s: p50 ${result.p50.toFixed(1)} ms, p99 ${result.p99.toFixed(1)} ms, errors ${result.errors}, send lag ${result.maxSendLag.toFixed(0)} ms`);
}
await server.stop();
