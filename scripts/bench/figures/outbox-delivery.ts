import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import type { BenchContext, Measurement } from '../types.ts';
import { alertPresses } from '../load/api-requests.ts';
import { sendExpectingOk } from '../load/load-request.ts';
import { sharedLoadServer } from '../load/load-server.ts';
import type { SmtpCounter } from '../load/smtp-counter.ts';
import { runPercentiles } from '../load/run-percentiles.ts';
import { resetAlerts } from '../load/reset-alerts.ts';
import { seedPeople } from '../load/seed-people.ts';
import type { SeededPerson } from '../load/seed-people.ts';

const FIGURE = '7. Outbox';
const CONTACTS_EACH = 10;

/** One press at a time, the outbox otherwise idle: from the request sent to the tenth contact's e-mail accepted. */
async function delays(pool: Pool, people: SeededPerson[], mail: SmtpCounter): Promise<number[]> {
  const presses = alertPresses(people);
  const samples: number[] = [];
  for (const person of people) {
    const sent = performance.now();
    await sendExpectingOk(pool, presses.next());
    const last = await mail.waitFor(person.contactEmails, sent, 10_000);
    samples.push(last === null ? Number.POSITIVE_INFINITY : last - sent);
  }
  return samples;
}

/** Many people press at once; e-mails a second from the first acceptance to the last. */
async function throughput(pool: Pool, people: SeededPerson[], mail: SmtpCounter): Promise<number> {
  const presses = alertPresses(people);
  const since = performance.now();
  const before = mail.accepted.length;
  const waiting = Promise.all(people.map((person) => mail.waitFor(person.contactEmails, since, 60_000)));
  await Promise.all(people.map(() => sendExpectingOk(pool, presses.next())));
  const done = await waiting;
  const accepted = mail.accepted.slice(before);
  if (done.includes(null) || accepted.length < 2) return 0;
  const first = accepted[0]!.at;
  const last = Math.max(...(done as number[]));
  return (accepted.length - 1) / ((last - first) / 1000);
}

/** Figure 7: how fast the outbox hands e-mail to a local SMTP listener, and how soon an alert's e-mails all leave. */
export async function outboxFigures(bench: BenchContext): Promise<Measurement[]> {
  const server = await sharedLoadServer();
  const pool = new Pool(server.app.url, { connections: 50 });
  const runs = bench.quick ? 2 : 5;
  const pressesPerRun = bench.quick ? 10 : 20;
  const burst = bench.quick ? 30 : 100;
  try {
    const latency = runPercentiles();
    const rate: number[] = [];
    await resetAlerts(server.db);
    for (let run = 0; run < runs; run += 1) {
      const quiet = await seedPeople(server.db, pressesPerRun, CONTACTS_EACH);
      const samples = await delays(pool, quiet, server.mail);
      latency.add(samples);
      await resetAlerts(server.db);
      const crowd = await seedPeople(server.db, burst, CONTACTS_EACH);
      rate.push(await throughput(pool, crowd, server.mail));
      await resetAlerts(server.db);
    }
    const how = `a person with ${CONTACTS_EACH} confirmed contacts presses SOS, outbox otherwise idle; from the request sent to the last e-mail accepted by a local SMTP listener; ${pressesPerRun} presses a run`;
    return [
      ...latency.measurements(FIGURE, 'alert to the last of 10 e-mails accepted', 1000, how),
      {
        figure: FIGURE,
        what: 'e-mails per second handed to the SMTP listener',
        unit: 'mails/s',
        samples: rate,
        note: `${burst} people with ${CONTACTS_EACH} contacts press at once (${burst * CONTACTS_EACH} e-mails); first to last acceptance`,
      },
    ];
  } finally {
    await pool.close();
  }
}
