import path from 'node:path';
import type { BenchContext, Measurement } from '../types.ts';
import { alertPresses, contactListReads, signinRequests } from '../load/api-requests.ts';
import { unknownApiPath } from '../load/calibration.ts';
import { runClosedLoop } from '../load/closed-loop.ts';
import type { LoadResult } from '../load/load-request.ts';
import { sharedLoadServer, startLoadServer } from '../load/load-server.ts';
import type { LoadServer } from '../load/load-server.ts';
import { runOpenLoop } from '../load/open-loop.ts';
import { serverCpu } from '../load/process-cpu.ts';
import { resetAlerts } from '../load/reset-alerts.ts';
import { SEED_PREFIX, removeSeeded, seedPeople } from '../load/seed-people.ts';
import type { SeededPerson } from '../load/seed-people.ts';

const FIGURE = '6. Server';
const CONNECTIONS = [10, 100, 500];
/** The level whose runs also measure CPU time per alert. */
const CPU_CONNECTIONS = 100;
/** Confirmed contacts per person: each alert writes this many outbox rows. */
const CONTACTS_EACH = 3;
/** The offered rate of DESIGN.md section 6's latency budget. */
const BUDGET_RATE = 500;

/** `drainMs`: how long a run waits at most for the last one's requests and e-mails to be done with. */
type Plan = {
  runs: number;
  seconds: number;
  openSeconds: number;
  rates: number[];
  people: number;
  drainMs: number;
  graceMs: number;
};

const plan = (quick: boolean): Plan =>
  quick
    ? { runs: 2, seconds: 2, openSeconds: 2, rates: [BUDGET_RATE], people: 6000, drainMs: 10_000, graceMs: 2000 }
    : {
        runs: 5,
        seconds: 5,
        openSeconds: 5,
        rates: [250, BUDGET_RATE, 1000],
        people: 12000,
        drainMs: 30_000,
        graceMs: 5000,
      };

type Series = { perSecond: number[]; p50: number[]; p99: number[]; errors: number[]; unanswered: number[] };
const emptySeries = (): Series => ({ perSecond: [], p50: [], p99: [], errors: [], unanswered: [] });
function record(series: Series, result: LoadResult) {
  series.perSecond.push(result.perSecond);
  series.p50.push(result.p50);
  series.p99.push(result.p99);
  series.errors.push(result.errors);
  series.unanswered.push(result.unanswered);
}

function rows(
  what: string,
  series: Series,
  unit: 'req/s',
  note: string,
  budgets: { perSecond?: Measurement['budget']; p99?: Measurement['budget'] } = {},
): Measurement[] {
  const errorNote = `errors per run (failed, timed out or not 2xx): ${series.errors.join(', ')}; in flight when the run ended: ${series.unanswered.join(', ')}`;
  return [
    {
      figure: FIGURE,
      what: `${what}: per second`,
      unit,
      samples: series.perSecond,
      budget: budgets.perSecond,
      note: `${note}; ${errorNote}`,
    },
    { figure: FIGURE, what: `${what}: p50`, unit: 'ms', samples: series.p50 },
    { figure: FIGURE, what: `${what}: p99`, unit: 'ms', samples: series.p99, budget: budgets.p99 },
  ];
}

/**
 * Every press must start a new alert, so each run needs as many people as it
 * sends presses: seeded in bulk, and more whenever a run used most of them.
 */
async function enoughPeople(server: LoadServer, people: SeededPerson[], used: number, least: number): Promise<void> {
  const wanted = Math.max(least, used * 2);
  if (people.length < wanted) people.push(...(await seedPeople(server.db, wanted - people.length, CONTACTS_EACH)));
}

async function alertFigures(server: LoadServer, p: Plan, label: string): Promise<Measurement[]> {
  const people: SeededPerson[] = [];
  const presses = alertPresses(people);
  const url = server.app.url;
  const out: Measurement[] = [];
  const peak: number[] = Array.from({ length: p.runs }, () => 0);
  let ranOut = false;
  let leftPending = 0;
  let used = 0;
  const prepare = async () => {
    await enoughPeople(server, people, used, p.people);
    leftPending = Math.max(leftPending, await resetAlerts(server.db, p.drainMs, { discardMail: true }));
    presses.restart();
  };
  const finish = () => {
    used = Math.max(used, presses.used());
    if (presses.used() > people.length) ranOut = true;
  };

  const closed = new Map(CONNECTIONS.map((c) => [c, emptySeries()]));
  const nodeCpu: number[] = [];
  const postgresCpu: number[] = [];
  const pgDataDir = label ? undefined : path.join(server.app.dataDir, 'pg');
  for (let run = 0; run < p.runs; run += 1) {
    for (const connections of CONNECTIONS) {
      await prepare();
      const before = await serverCpu(server.app.pid, pgDataDir);
      const result = await runClosedLoop({ url, connections, seconds: p.seconds, next: presses.next });
      const after = await serverCpu(server.app.pid, pgDataDir);
      finish();
      record(closed.get(connections)!, result);
      peak[run] = Math.max(peak[run]!, result.perSecond);
      if (connections === CPU_CONNECTIONS && result.completed > 0) {
        nodeCpu.push(((after.node - before.node) * 1000) / result.completed);
        postgresCpu.push(((after.postgres - before.postgres) * 1000) / result.completed);
      }
    }
  }
  const closedNote = `closed loop (autocannon), ${p.seconds} s a run, ${CONTACTS_EACH} confirmed contacts a person${label}`;
  for (const connections of CONNECTIONS)
    out.push(...rows(`PUT active-button, ${connections} connections`, closed.get(connections)!, 'req/s', closedNote));
  const peakRow: Measurement = {
    figure: FIGURE,
    what: `alerts/s at the best of ${CONNECTIONS.join(', ')} connections`,
    unit: 'req/s',
    samples: peak,
    budget: label ? undefined : { min: 1500 },
    note: `one alert = its ${CONTACTS_EACH} outbox rows and delivery records, written with the presses that arrive with it (src/server/db/batched.ts); the outbox sends meanwhile, and what it has not sent when a run ends is discarded before the next (figure 7 measures sending)`,
  };
  out.push(peakRow);
  const cpuNote = `CPU time used during the ${CPU_CONNECTIONS}-connection runs over the alerts answered, e-mails sent meanwhile included: a figure of work that depends less than a rate on what else runs on the machine`;
  out.push({
    figure: FIGURE,
    what: 'CPU per alert: the server (Node)',
    unit: 'ms',
    samples: nodeCpu,
    note: `${cpuNote}${label}`,
  });
  if (!label)
    out.push({
      figure: FIGURE,
      what: 'CPU per alert: PostgreSQL (all its processes)',
      unit: 'ms',
      samples: postgresCpu,
      note: cpuNote,
    });

  for (const rate of p.rates) {
    const series = emptySeries();
    let lag = 0;
    for (let run = 0; run < p.runs; run += 1) {
      used = Math.max(used, rate * p.openSeconds);
      await prepare();
      const result = await runOpenLoop({ url, rate, seconds: p.openSeconds, next: presses.next, graceMs: p.graceMs });
      finish();
      record(series, result);
      lag = Math.max(lag, result.maxSendLag);
    }
    const gaveUp = series.unanswered.some(Boolean)
      ? `; presses unanswered ${p.graceMs / 1000} s after the last was due are in the percentiles with the time they had waited (lower bounds)`
      : '';
    const note = `open loop: ${rate} presses/s on a fixed schedule, latency from each one's due time, ${p.openSeconds} s a run; sender lag up to ${lag.toFixed(0)} ms${gaveUp}${label}`;
    out.push(
      ...rows(
        `PUT active-button at an offered ${rate}/s`,
        series,
        'req/s',
        note,
        rate === BUDGET_RATE && !label ? { p99: { max: 20 } } : {},
      ),
    );
  }
  if (ranOut) console.warn('bench: a run used more people than were seeded (some presses were position updates)');
  const backlog = leftPending ? `; up to ${leftPending} e-mails of earlier runs still queued when a run began` : '';
  peakRow.note = `${peakRow.note}${backlog}${label}`;
  await resetAlerts(server.db, p.drainMs, { discardMail: true });
  return out;
}

async function readFigures(server: LoadServer, p: Plan, label: string): Promise<Measurement[]> {
  const people = await seedPeople(server.db, 2000, CONTACTS_EACH);
  const contacts = emptySeries();
  const signin = emptySeries();
  const floor = emptySeries();
  const next = contactListReads(people);
  const signins = signinRequests(`${SEED_PREFIX}${Date.now().toString(36)}`);
  const url = server.app.url;
  for (let run = 0; run < p.runs; run += 1) {
    record(
      floor,
      await runClosedLoop({ url, connections: 100, seconds: p.seconds, next: unknownApiPath, expectStatus: 404 }),
    );
    record(contacts, await runClosedLoop({ url, connections: 100, seconds: p.seconds, next }));
    record(signin, await runClosedLoop({ url, connections: 100, seconds: p.seconds, next: signins }));
  }
  return [
    ...rows(
      'calibration: GET an unknown /api path (404, no database), 100 connections',
      floor,
      'req/s',
      `what HTTP alone gets on this machine during the run: far below its quiet figure when other work shares the cores${label}`,
    ),
    ...rows(
      'GET contacts, 100 connections',
      contacts,
      'req/s',
      `closed loop, ${CONTACTS_EACH} contacts a person${label}`,
    ),
    ...rows(
      'POST signin, 100 connections',
      signin,
      'req/s',
      `closed loop, a new address each time (a code and its e-mail); per-IP limits raised for the run by RATE_LIMIT_SIGNIN_PER_IP, _VERIFY_, _RESEND_ (src/server/config.ts)${label}`,
    ),
  ];
}

async function onDatabase(bench: BenchContext, databaseUrl: string | undefined): Promise<Measurement[]> {
  const server = databaseUrl ? await startLoadServer({ databaseUrl }) : await sharedLoadServer();
  const label = databaseUrl ? ', on DATABASE_URL' : '';
  const p = plan(bench.quick);
  try {
    return [...(await alertFigures(server, p, label)), ...(await readFigures(server, p, label))];
  } finally {
    // A shared server keeps nothing of ours; the embedded one goes away with its data directory.
    if (databaseUrl) {
      await removeSeeded(server.db);
      await server.stop();
    }
  }
}

/** Figure 6: the server under load, on the embedded PostgreSQL and, when DATABASE_URL is set, on that server too. */
export async function serverLoadFigures(bench: BenchContext): Promise<Measurement[]> {
  const embedded = await onDatabase(bench, undefined);
  const external = process.env.DATABASE_URL ? await onDatabase(bench, process.env.DATABASE_URL) : [];
  return [...embedded, ...external];
}
