import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Pool } from 'undici';
import { alertPresses } from './api-requests.ts';
import { sendExpectingOk } from './load-request.ts';
import type { SmtpCounter } from './smtp-counter.ts';
import type { SeededPerson } from './seed-people.ts';

/**
 * Each person presses SOS once, `gapMs` apart, and each press is timed from
 * its request sent to its contacts' e-mail accepted by the relay: the ms of
 * each, Infinity for one not accepted within `waitMs`. The waiting starts
 * before the request goes, so an e-mail accepted before the reply still counts.
 */
export async function timedPresses(
  pool: Pool,
  mail: SmtpCounter,
  people: SeededPerson[],
  { gapMs, waitMs }: { gapMs: number; waitMs: number },
): Promise<number[]> {
  const requests = alertPresses(people);
  const waits: Promise<number>[] = [];
  for (const person of people) {
    const sent = performance.now();
    const accepted = mail.waitFor(person.contactEmails, sent, waitMs);
    await sendExpectingOk(pool, requests.next());
    waits.push(accepted.then((at) => (at === null ? Number.POSITIVE_INFINITY : at - sent)));
    await sleep(gapMs);
  }
  return Promise.all(waits);
}
