import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { enqueueMails } from '#server/mail/outbox.ts';
import type { BenchContext, Measurement } from '../types.ts';
import { alertPresses } from '../load/api-requests.ts';
import { sharedLoadServer, type LoadServer } from '../load/load-server.ts';
import { runOpenLoop } from '../load/open-loop.ts';
import { pressRuns } from '../load/press-runs.ts';
import { runPercentiles } from '../load/run-percentiles.ts';
import { resetAlerts } from '../load/reset-alerts.ts';
import { SEED_PREFIX, seedPeople } from '../load/seed-people.ts';
import { timedPresses } from '../load/timed-presses.ts';

const FLOOD_FIGURE = '8. SOS behind a flood';
const BURST_FIGURE = '9. E-mail during a burst';

/** One account's invitations waiting when the presses come. */
const INVITATIONS = 1_000;
/** What the throttled relay accepts a second. */
const RELAY_PER_SECOND = 15;
/** Time between two presses of a flood run (each by another person, with one contact). */
const PRESS_GAP_MS = 500;

const BURST_RATE = 300;
const BURST_SECONDS = 20;
const BURST_CONTACTS = 3;

/** Invitations to new addresses, as POST /api/contacts queues them, all from one account. */
async function queueInvitations(server: LoadServer, run: number): Promise<void> {
  // The account the invitations are from: their unsubscribe links are derived from it when they are rendered.
  const [account] = await seedPeople(server.db, 1, 0);
  if (!account) throw new Error('no account seeded for the invitations');
  const data = { userName: 'Cuenta Masiva', contactFirstname: 'Contacto', language: 'es' as const, token: 'x' };
  const mails = Array.from({ length: INVITATIONS }, (_, i) => ({
    kind: 'contact-invitation' as const,
    to: `${SEED_PREFIX}flood${run}-${i}@example.org`,
    data,
  }));
  await server.db.transaction((tx) => enqueueMails(tx, mails, new Date(), account.userId));
}

/**
 * Figure 8: 1,000 invitations queued, a relay that accepts 15 messages a
 * second; people press SOS one every half second, and each press is timed to
 * its contact's e-mail accepted.
 */
export async function sosBehindFloodFigures(bench: BenchContext): Promise<Measurement[]> {
  const { latency, presses } = await pressRuns(bench, RELAY_PER_SECOND, async ({ server, pool, people, run }) => {
    const since = performance.now();
    await queueInvitations(server, run);
    // The flood is under way: invitations are in flight at the relay when the first press comes.
    while (server.mail.accepted.filter((mail) => mail.at >= since).length < RELAY_PER_SECOND) await sleep(50);
    // Long enough to measure a press stuck behind the whole flood (about 67 s at 15 a second).
    return timedPresses(pool, server.mail, people, { gapMs: PRESS_GAP_MS, waitMs: 120_000 });
  });
  const note = `${INVITATIONS} invitations queued, relay accepting ${RELAY_PER_SECOND} messages/s; ${presses} presses a run, one every ${PRESS_GAP_MS} ms, each by a person with 1 confirmed contact; from the request sent to its e-mail accepted`;
  return latency.measurements(FLOOD_FIGURE, 'press to the SOS e-mail accepted', 1000, note);
}

/**
 * Figure 9: an offered 300 presses/s for 20 s, each by a person with 3
 * confirmed contacts, to a relay that accepts at once. Each press is timed
 * from the moment it was sent to its last contact's e-mail accepted; and of
 * the e-mails of the presses sent during the burst, the share accepted before
 * it ended.
 */
export async function burstMailFigures(bench: BenchContext): Promise<Measurement[]> {
  const server = await sharedLoadServer();
  const runs = bench.quick ? 1 : 3;
  const latency = runPercentiles();
  const share: number[] = [];
  const notes: string[] = [];
  try {
    for (let run = 0; run < runs; run += 1) {
      await resetAlerts(server.db, 60_000, { discardMail: true });
      const people = await seedPeople(server.db, BURST_RATE * BURST_SECONDS, BURST_CONTACTS);
      const requests = alertPresses(people);
      const sentAt: number[] = [];
      const next = () => {
        sentAt.push(performance.now());
        return requests.next();
      };
      const firstMail = server.mail.accepted.length;
      const result = await runOpenLoop({ url: server.app.url, rate: BURST_RATE, seconds: BURST_SECONDS, next });
      const start = sentAt[0] ?? performance.now();
      const end = start + BURST_SECONDS * 1000;
      const due = sentAt.length * BURST_CONTACTS;
      // Then the rest of the e-mails, for the delays (up to a minute).
      const deadline = performance.now() + 60_000;
      while (server.mail.accepted.length - firstMail < due && performance.now() < deadline) await sleep(100);

      const acceptedAt = new Map<string, number>();
      for (const mail of server.mail.accepted.slice(firstMail))
        for (const to of mail.to) if (!acceptedAt.has(to)) acceptedAt.set(to, mail.at);
      const delays = sentAt.map((at, i) => {
        const times = people[i]!.contactEmails.map((to) => acceptedAt.get(to));
        return times.some((t) => t === undefined) ? Number.POSITIVE_INFINITY : Math.max(...(times as number[])) - at;
      });
      const during = server.mail.accepted.slice(firstMail).filter((mail) => mail.at <= end).length;
      latency.add(delays);
      share.push((100 * during) / due);
      notes.push(
        `run ${run + 1}: ${sentAt.length} presses sent, ${result.completed} answered, ${result.errors} errors, ${result.unanswered} unanswered`,
      );
    }
  } finally {
    await resetAlerts(server.db, 60_000, { discardMail: true });
  }
  const how = `open loop: an offered ${BURST_RATE} presses/s for ${BURST_SECONDS} s, each by a new person with ${BURST_CONTACTS} confirmed contacts; relay accepting at once`;
  return [
    ...latency.measurements(
      BURST_FIGURE,
      "press to the last contact's e-mail accepted",
      2000,
      `${how}; from each press sent; ${notes.join('; ')}`,
    ),
    {
      figure: BURST_FIGURE,
      what: 'e-mails accepted during the burst, of those due',
      unit: '%',
      samples: share,
      budget: { min: 80 },
      note: `due: ${BURST_CONTACTS} e-mails for every press sent during the burst; accepted: by the end of its ${BURST_SECONDS} s`,
    },
  ];
}
