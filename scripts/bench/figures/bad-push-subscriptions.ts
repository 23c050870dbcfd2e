import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, inArray, like } from 'drizzle-orm';
import { PUSH_SUBSCRIPTIONS_PER_CONTACT } from '#shared/api/push.ts';
import type { Db } from '#server/db/client.ts';
import { contacts, outbox, pushSubscriptions } from '#server/db/schema.ts';
import type { BenchContext, Measurement } from '../types.ts';
import { alertPresses } from '../load/api-requests.ts';
import { sendExpectingOk } from '../load/load-request.ts';
import { seedPeople, type SeededPerson } from '../load/seed-people.ts';
import { pressRuns } from '../load/press-runs.ts';
import { timedPresses } from '../load/timed-presses.ts';

const FIGURE = '12. SOS beside bad phone keys';

/** Bad subscriptions in all: as many as both alert senders' batches hold, so that every claim once met one. */
const BAD_SUBSCRIPTIONS = 20;
/** People whose one contact holds the bad subscriptions, five phones each (the most a contact keeps). */
const HOLDERS = BAD_SUBSCRIPTIONS / PUSH_SUBSCRIPTIONS_PER_CONTACT;
/** What the throttled relay accepts a second. */
const RELAY_PER_SECOND = 15;
/** Time between two timed presses (each by another person, with one contact). */
const PRESS_GAP_MS = 500;
/** Long enough to see a press held by the bad rows: the worker claims them again every 5 s poll. */
const WAIT_MS = 30_000;
/** After the last e-mail, a poll and a little more: a row sent again would be sent again by then. */
const WATCH_MS = 6_000;

/** 65 bytes that are no point of the curve: what the subscribe route accepted before it checked keys. */
const BAD_KEYS = { p256dh: 'A'.repeat(87), auth: 'A'.repeat(22) };

/** Phones whose keys no notification can be encrypted with, written straight to the table (the route now refuses them). */
async function addBadPhones(db: Db, holders: SeededPerson[]): Promise<string[]> {
  const emails = holders.flatMap((person) => person.contactEmails);
  const holderContacts = await db.select({ id: contacts.id }).from(contacts).where(inArray(contacts.email, emails));
  const rows = holderContacts.flatMap(({ id }) =>
    Array.from({ length: PUSH_SUBSCRIPTIONS_PER_CONTACT }, (_, i) => ({
      contactId: id,
      endpoint: `https://fcm.googleapis.com/fcm/send/bench-${id}-${i}`,
      ...BAD_KEYS,
      createdAt: new Date(),
    })),
  );
  return (await db.insert(pushSubscriptions).values(rows).returning({ id: pushSubscriptions.id })).map((row) => row.id);
}

/** The bad phones and their notifications go, whatever state they were left in, so the next figure does not meet them. */
async function removeBadPhones(db: Db, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.delete(outbox).where(and(like(outbox.kind, 'push:%'), inArray(outbox.recipient, ids)));
  await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, ids));
}

/** How many messages beyond the first each address received, over the messages given. */
function repeats(accepted: { to: string[] }[]): number {
  const seen = new Set<string>();
  let again = 0;
  for (const mail of accepted) {
    for (const to of mail.to) {
      if (seen.has(to)) again += 1;
      else seen.add(to);
    }
  }
  return again;
}

/**
 * Figure 12: four people whose contact holds five phone subscriptions each
 * with keys nothing can be encrypted with (20 in all) press SOS; then other
 * people press one every half second, each timed from the press to their
 * contact's e-mail accepted by a relay taking 15 messages a second. Every
 * e-mail of the run is counted: an address that receives the same alert twice
 * is a repeat.
 */
export async function badPushFigures(bench: BenchContext): Promise<Measurement[]> {
  const repeated: number[] = [];
  const unsent: number[] = [];
  const { latency, presses } = await pressRuns(bench, RELAY_PER_SECOND, async ({ server, pool, people }) => {
    const holders = await seedPeople(server.db, HOLDERS, 1);
    const badPhones = await addBadPhones(server.db, holders);
    try {
      const firstMail = server.mail.accepted.length;
      const since = performance.now();
      const holderMails = server.mail.waitFor(
        holders.flatMap((person) => person.contactEmails),
        since,
        WAIT_MS,
      );
      const holderPresses = alertPresses(holders);
      for (let i = 0; i < HOLDERS; i += 1) await sendExpectingOk(pool, holderPresses.next());

      const samples = await timedPresses(pool, server.mail, people, { gapMs: PRESS_GAP_MS, waitMs: WAIT_MS });
      const holdersDone = await holderMails;
      await sleep(WATCH_MS);
      repeated.push(repeats(server.mail.accepted.slice(firstMail)));
      unsent.push(samples.filter((sample) => !Number.isFinite(sample)).length + (holdersDone === null ? HOLDERS : 0));
      return samples;
    } finally {
      await removeBadPhones(server.db, badPhones);
    }
  });
  const note = `${HOLDERS} people press first, each with 1 contact holding ${PUSH_SUBSCRIPTIONS_PER_CONTACT} phone subscriptions whose p256dh is no curve point (${BAD_SUBSCRIPTIONS} in all); then ${presses} presses a run, one every ${PRESS_GAP_MS} ms, each by a person with 1 confirmed contact; relay accepting ${RELAY_PER_SECOND} messages/s; from the request sent to its e-mail accepted (${WAIT_MS / 1000} s at most)`;
  return [
    ...latency.measurements(FIGURE, 'press to the SOS e-mail accepted', 1000, note),
    {
      figure: FIGURE,
      what: 'e-mails accepted again for the same address',
      unit: 'count',
      // One sample, the sum of the runs: the budget holds for every run, not for the median one.
      samples: [repeated.reduce((sum, n) => sum + n, 0)],
      budget: { max: 0 },
      note: `summed over the runs (${repeated.join(', ')}); every e-mail the relay accepted from the first press to ${WATCH_MS / 1000} s after the last one`,
    },
    {
      figure: FIGURE,
      what: "e-mails never accepted (the presses' and the holders' contacts')",
      unit: 'count',
      samples: [unsent.reduce((sum, n) => sum + n, 0)],
      budget: { max: 0 },
      note: `summed over the runs (${unsent.join(', ')})`,
    },
  ];
}
