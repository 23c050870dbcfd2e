import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, count, eq } from 'drizzle-orm';
import { outbox } from '#server/db/schema.ts';
import type { BenchContext, Measurement } from '../types.ts';
import { alertPresses } from '../load/api-requests.ts';
import { sendExpectingOk, type LoadRequest } from '../load/load-request.ts';
import { seedPeople, type SeededPerson } from '../load/seed-people.ts';
import { pressRuns } from '../load/press-runs.ts';
import { timedPresses } from '../load/timed-presses.ts';

const FIGURE = '13. SOS beside an account pressing and ending';

/** The other account: its confirmed contacts and how many press/end cycles it makes as fast as it is answered. */
const CYCLER_CONTACTS = 10;
const CYCLES = 100;
/** What the throttled relay accepts a second. */
const RELAY_PER_SECOND = 50;
/** Cycles already made when the first timed press comes: its e-mails are queued ahead of it. */
const HEAD_START = 10;
/** Time between two timed presses (each by another person, with one contact). */
const PRESS_GAP_MS = 500;

/** PUT active-button '2' by `person`, as the phone sends it. */
function endRequest(person: SeededPerson): LoadRequest {
  return {
    method: 'PUT',
    path: '/api/active-button',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${person.accessToken}`,
      'idempotency-key': randomUUID(),
    },
    body: JSON.stringify({ alert_status: '2' }),
  };
}

/**
 * Figure 13: one account with 10 confirmed contacts presses SOS and ends the
 * alert 100 times, one request after the other, to a relay that accepts 50
 * messages a second; once it has made 10 cycles, other people press SOS one
 * every half second, and each press is timed to its contact's e-mail accepted.
 */
export async function cyclingAccountFigures(bench: BenchContext): Promise<Measurement[]> {
  /** Of the cycling account's starts, how many its ends withdrew before they left (src/server/alerts/withdraw-unsent.ts). */
  const withdrawn: number[] = [];
  const notes: string[] = [];
  const { latency, presses } = await pressRuns(bench, RELAY_PER_SECOND, async ({ server, pool, people, run }) => {
    const [cycler] = await seedPeople(server.db, 1, CYCLER_CONTACTS);
    let made = 0;
    const cyclerBegan = performance.now();
    const cycling = (async () => {
      const starts = alertPresses([cycler!]);
      for (; made < CYCLES; made += 1) {
        await sendExpectingOk(pool, starts.next());
        await sendExpectingOk(pool, endRequest(cycler!));
      }
      return performance.now() - cyclerBegan;
    })();
    while (made < HEAD_START) await sleep(10);
    // Long enough to measure a press stuck behind all the cycles' e-mails (2,000 at 50 a second: 40 s).
    const samples = await timedPresses(pool, server.mail, people, { gapMs: PRESS_GAP_MS, waitMs: 120_000 });
    const cyclingMs = await cycling;
    const [rows] = await server.db
      .select({ count: count() })
      .from(outbox)
      .where(and(eq(outbox.userId, cycler!.userId), eq(outbox.status, 'cancelled')));
    withdrawn.push(rows?.count ?? 0);
    notes.push(`run ${run + 1}: ${CYCLES} cycles in ${(cyclingMs / 1000).toFixed(1)} s`);
    return samples;
  });
  const note = `another account with ${CYCLER_CONTACTS} confirmed contacts makes ${CYCLES} press/end cycles, one request after the other; relay accepting ${RELAY_PER_SECOND} messages/s; after its first ${HEAD_START} cycles, ${presses} presses a run, one every ${PRESS_GAP_MS} ms, each by a person with 1 confirmed contact; from the request sent to its e-mail accepted; ${notes.join('; ')}`;
  return [
    ...latency.measurements(FIGURE, 'press to the SOS e-mail accepted', 1000, note),
    {
      figure: FIGURE,
      what: "the cycling account's starts withdrawn by its ends before they left",
      unit: 'count',
      samples: withdrawn,
      note: `of its ${CYCLES * CYCLER_CONTACTS} starts; each withdrawn one spares its end too (uncoalesced, its cycles send ${CYCLES * CYCLER_CONTACTS * 2} e-mails)`,
    },
  ];
}
