import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import type { BenchContext, Measurement } from '../types.ts';
import { startLoadServer } from '../load/load-server.ts';
import { runPercentiles } from '../load/run-percentiles.ts';
import { seedPeople, type SeededPerson } from '../load/seed-people.ts';

const FIGURE = '11. Check-in due';

/** The server's default poll (CHECK_IN_POLL_SECONDS), set explicitly so that the note says what ran. */
const POLL_SECONDS = 15;
/**
 * Check-ins are set this long before they fall due: more than one poll, as any
 * real one is (deadlines are minutes or hours ahead, and the grace adds minutes).
 */
const LEAD_MS = POLL_SECONDS * 1000 + 2_000;
/** Their deadlines spread over this long, one person each. */
const SPREAD_MS = 3_000;

async function setCheckIn(baseUrl: string, person: SeededPerson, dueAt: number): Promise<void> {
  const res = await fetch(`${baseUrl}/api/check-ins`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${person.accessToken}`,
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({
      purpose: 'cita-inmigracion',
      place: 'Oficina',
      due_at: new Date(dueAt).toISOString(),
      timezone: 'America/Chicago',
    }),
  });
  await res.body?.cancel();
  if (res.status !== 200) throw new Error(`POST check-ins answered ${res.status}`);
}

/**
 * Figure 11: people set check-ins whose deadlines fall over a few seconds; with
 * no grace (CHECK_IN_GRACE_MINUTES=0), each is timed from its deadline to its
 * first contact's e-mail accepted by a local SMTP listener.
 *
 * What bounds it: the check-in worker sleeps until the earliest deadline plus
 * grace it saw at its last tick (check-in-worker.ts), so a check-in set more
 * than one poll before it falls due costs a timer's lateness, the firing
 * transaction and the outbox's NOTIFY-driven send; without that wake-up it
 * would wait for the next poll, up to CHECK_IN_POLL_SECONDS.
 */
export async function checkInDueFigures(bench: BenchContext): Promise<Measurement[]> {
  const server = await startLoadServer({
    env: { CHECK_IN_GRACE_MINUTES: '0', CHECK_IN_POLL_SECONDS: String(POLL_SECONDS) },
  });
  const runs = bench.quick ? 1 : 3;
  const count = bench.quick ? 20 : 40;
  const latency = runPercentiles();
  try {
    for (let run = 0; run < runs; run += 1) {
      const people = await seedPeople(server.db, count, 1);
      const first = Date.now() + LEAD_MS;
      const deadlines = people.map((_, n) => first + (n * SPREAD_MS) / count);
      const since = performance.now();
      const accepted = people.map((person) =>
        server.mail.waitFor(person.contactEmails, since, LEAD_MS + SPREAD_MS + 30_000),
      );
      await Promise.all(people.map((person, n) => setCheckIn(server.app.url, person, deadlines[n]!)));
      // Deadlines are wall-clock times; acceptances are performance.now() of this process.
      const offset = performance.now() - Date.now();
      const samples = (await Promise.all(accepted)).map((at, n) =>
        at === null ? Number.POSITIVE_INFINITY : at - (deadlines[n]! + offset),
      );
      latency.add(samples);
    }
  } finally {
    await server.stop();
  }
  const note = `${count} check-ins a run, deadlines spread over ${SPREAD_MS / 1000} s, set ${LEAD_MS / 1000} s ahead; grace 0, poll ${POLL_SECONDS} s (CHECK_IN_*); each person with 1 confirmed contact; from the deadline to that contact's e-mail accepted by a local SMTP listener`;
  return latency.measurements(FIGURE, "deadline to the first contact's e-mail accepted", 5000, note);
}
