import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { inArray, like } from 'drizzle-orm';
import { alerts, users } from '#server/db/schema.ts';
import { addStaff } from '#server/staff/staff-members.ts';
import { startStaffSession } from '#server/staff/staff-sessions.ts';
import { readSse, type SseStream } from '#test/support/sse-stream.ts';
import type { BenchContext, Measurement } from '../types.ts';
import { alertPresses } from '../load/api-requests.ts';
import { startLoadServer, type LoadServer } from '../load/load-server.ts';
import { runOpenLoop } from '../load/open-loop.ts';
import { rssMB } from '../load/process-memory.ts';
import { runPercentiles } from '../load/run-percentiles.ts';
import { SEED_PREFIX, seedPeople } from '../load/seed-people.ts';

const FIGURE = '14. Desk live';
const DESKS = 50;
const RATE = 100;
/** After the last press, how long the desks are given to hear of it before it counts as never heard. */
const GRACE_MS = 5_000;

type Desk = { stream: SseStream; heard: Map<string, number> };

/** `count` staff members with an open desk session each, as the passkey sign-in leaves them. */
async function deskTokens(server: LoadServer, count: number): Promise<string[]> {
  const tag = Date.now().toString(36);
  const tokens: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const member = await addStaff(server.db, `${SEED_PREFIX}desk-${tag}-${i}@firma.example`, 'responder', new Date());
    if (member === 'last-admin') throw new Error('a new responder cannot be the only admin');
    tokens.push((await startStaffSession(server.db, member.id, new Date())).token);
  }
  return tokens;
}

async function connectDesk(server: LoadServer, token: string): Promise<Desk> {
  const heard = new Map<string, number>();
  let ready: () => void = () => undefined;
  const isReady = new Promise<void>((resolve) => (ready = resolve));
  const res = await fetch(`${server.app.url}/api/desk/stream`, { headers: { authorization: `Bearer ${token}` } });
  if (res.status !== 200) throw new Error(`GET /api/desk/stream answered ${res.status}`);
  const stream = readSse(res, (message) => {
    if (message.event === 'ready') ready();
    if (message.event !== 'alert') return;
    const { alertId, kind } = JSON.parse(message.data) as { alertId: string; kind: string };
    if (kind === 'alert-started' && !heard.has(alertId)) heard.set(alertId, performance.now());
  });
  await isReady;
  return { stream, heard };
}

/**
 * Figure 13: the firm's desk is live. `DESKS` desks hold the stream open on the
 * real server; people who share their alerts with the firm press SOS at `RATE`
 * a second (open loop); each press is timed, for every desk, from its request
 * sent to its `alert-started` event read off that desk's stream (the trigger's
 * NOTIFY at the commit, the instance's one LISTEN, the fan-out). The server's
 * memory is read before and after the desks connect.
 */
export async function deskLiveFigures(bench: BenchContext): Promise<Measurement[]> {
  const server = await startLoadServer();
  const seconds = bench.quick ? 3 : 10;
  const runs = bench.quick ? 1 : 3;
  const latency = runPercentiles();
  const missed: number[] = [];
  const perDeskKB: number[] = [];
  try {
    const tokens = await deskTokens(server, DESKS);
    for (let run = 0; run < runs; run += 1) {
      const people = await seedPeople(server.db, RATE * seconds, 1);
      await server.db
        .update(users)
        .set({ firmConsentAt: new Date() })
        .where(
          inArray(
            users.id,
            people.map((person) => person.userId),
          ),
        );
      await sleep(1000);
      const before = await rssMB(server.app.pid);
      const desks: Desk[] = [];
      for (const token of tokens) desks.push(await connectDesk(server, token));
      await sleep(1000);
      perDeskKB.push(((await rssMB(server.app.pid)) - before) * (1000 / DESKS));

      const sentAt = new Map<string, number>();
      const presses = alertPresses(people);
      let index = 0;
      await runOpenLoop({
        url: server.app.url,
        rate: RATE,
        seconds,
        next: () => {
          sentAt.set(people[index++ % people.length]!.userId, performance.now());
          return presses.next();
        },
      });
      await sleep(GRACE_MS);
      const started = await server.db
        .select({ id: alerts.id, userId: alerts.userId })
        .from(alerts)
        .where(
          inArray(
            alerts.userId,
            people.map((person) => person.userId),
          ),
        );
      const samples: number[] = [];
      for (const alert of started) {
        const sent = sentAt.get(alert.userId)!;
        for (const desk of desks) {
          const at = desk.heard.get(alert.id);
          samples.push(at === undefined ? Number.POSITIVE_INFINITY : at - sent);
        }
      }
      latency.add(samples);
      missed.push(samples.filter((sample) => sample === Number.POSITIVE_INFINITY).length);
      await Promise.all(desks.map((desk) => desk.stream.close()));
      await server.db.delete(users).where(like(users.email, `${SEED_PREFIX}%`));
    }
  } finally {
    await server.stop();
  }
  const note = `${DESKS} desks connected to one instance; ${RATE} presses/s for ${seconds} s (open loop), each by a person who shares alerts with the firm, with 1 confirmed contact; from the request sent to the alert-started event read on each desk's stream`;
  return [
    ...latency.measurements(FIGURE, 'press to the event on every connected desk', 1000, note),
    { figure: FIGURE, what: 'desk events never received (of presses x desks)', unit: 'count', samples: missed },
    {
      figure: FIGURE,
      what: 'server memory per connected desk',
      unit: 'kB',
      samples: perDeskKB,
      note: `RSS of the Node process before and 1 s after ${DESKS} desks connected, divided by ${DESKS}`,
    },
  ];
}
