import { Pool } from 'undici';
import type { BenchContext } from '../types.ts';
import { sharedLoadServer, type LoadServer } from './load-server.ts';
import { resetAlerts } from './reset-alerts.ts';
import { runPercentiles } from './run-percentiles.ts';
import { seedPeople, type SeededPerson } from './seed-people.ts';

/** What one run of a figure gets: the people who will press, each with one confirmed contact. */
export type PressRun = { server: LoadServer; pool: Pool; people: SeededPerson[]; run: number };

/**
 * The runs of a figure that times SOS presses beside some other load, through a
 * relay that accepts `relayPerSecond` messages a second. Each run starts with
 * no alert and no e-mail waiting, seeds the people who will press, throttles
 * the relay, and hands them to `run`: it sets up its load and returns the
 * presses' timings (timedPresses). The relay is let go after each run, and the
 * alerts cleared after the last one whatever happened.
 */
export async function pressRuns(
  bench: BenchContext,
  relayPerSecond: number,
  run: (each: PressRun) => Promise<number[]>,
) {
  const server = await sharedLoadServer();
  const pool = new Pool(server.app.url, { connections: 10 });
  const runs = bench.quick ? 1 : 3;
  const presses = bench.quick ? 10 : 20;
  const latency = runPercentiles();
  try {
    for (let index = 0; index < runs; index += 1) {
      await resetAlerts(server.db, 60_000, { discardMail: true });
      const people = await seedPeople(server.db, presses, 1);
      server.mail.limit(relayPerSecond);
      try {
        latency.add(await run({ server, pool, people, run: index }));
      } finally {
        server.mail.limit(undefined);
      }
    }
  } finally {
    await resetAlerts(server.db, 60_000, { discardMail: true });
    await pool.close();
  }
  return { latency, presses };
}
