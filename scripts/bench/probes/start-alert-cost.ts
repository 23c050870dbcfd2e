// `node --import tsx scripts/bench/probes/start-alert-cost.ts [alerts]`: the CPU
// of starting one alert, split between Node and the PostgreSQL backend that
// runs it (read from /proc), with no HTTP and no mail sending: the session
// lookup, the context read, and the whole one-statement start (context read
// included). Run one at a time, so PostgreSQL's share is one backend's.
import { readFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { readAlertContexts } from '#server/alerts/alert-context.ts';
import { createAlertStarter } from '#server/alerts/start-alert-at-once.ts';
import { createDb, createPool } from '#server/db/client.ts';
import { sessions } from '#server/db/schema.ts';
import { onClient } from '#server/db/statements.ts';
import { sha256 } from '#server/security/hashing.ts';
import { seedPeople } from '../load/seed-people.ts';
import { withProbeDatabase } from './probe-database.ts';

const ALERTS = Number(process.argv[2] ?? 2000);
/** Presses sent at once in the last case: they go as one batch (src/server/db/batched.ts). */
const TOGETHER = Number(process.argv[3] ?? 20);
const config = { secret: 'probe-secret', publicUrl: 'http://127.0.0.1' };

/** user and system CPU seconds of one process. */
async function backendSeconds(pid: number): Promise<{ user: number; system: number }> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const [utime = 0, stime = 0] = stat
    .slice(stat.lastIndexOf(')') + 2)
    .split(' ')
    .slice(11, 13)
    .map(Number);
  return { user: utime / 100, system: stime / 100 };
}

await withProbeDatabase(async (url) => {
  // One connection: every statement runs on the backend we watch.
  const pool = createPool(url, 1);
  pool.on('error', () => undefined);
  const db = createDb(pool);
  const startAlerts = createAlertStarter(db, config);
  const people = await seedPeople(db, 2 * ALERTS + 200, 3);
  const backend = Number((await db.execute<{ pid: number }>(sql`select pg_backend_pid() as pid`)).rows[0]?.pid);
  const sessionByAccessHash = db
    .select()
    .from(sessions)
    .where(sql`${sessions.accessHash} = ${sql.placeholder('accessHash')}`)
    .prepare('probe_session');
  const input = {
    alert_status: '1' as const,
    latitude: '19.4326',
    longitude: '-99.1332',
    timezone: 'America/Mexico_City',
    pressed_at: new Date().toISOString(),
  };
  let next = 0;
  const cases: [string, () => Promise<unknown>, number?][] = [
    [
      'session lookup (Drizzle prepared)',
      () => sessionByAccessHash.execute({ accessHash: sha256(people[next++ % people.length]!.accessToken) }),
    ],
    [
      'alert context read',
      () =>
        readAlertContexts(onClient(pool), [
          { userId: people[next++ % people.length]!.userId, key: crypto.randomUUID() },
        ]),
    ],
    [
      'start alert at once (context + statement)',
      () =>
        startAlerts({
          userId: people[next++]!.userId,
          key: crypto.randomUUID(),
          bodyHash: 'hash',
          input,
          now: new Date(),
        }),
    ],
    [
      `start alerts at once, ${TOGETHER} together (per alert)`,
      () =>
        Promise.all(
          Array.from({ length: TOGETHER }, () =>
            // People of their own: the case before left its people with an alert on.
            startAlerts({
              userId: people[ALERTS + 100 + next++]!.userId,
              key: crypto.randomUUID(),
              bodyHash: 'hash',
              input,
              now: new Date(),
            }),
          ),
        ),
      TOGETHER,
    ],
  ];
  for (const [name, run, each = 1] of cases) {
    next = 0;
    const calls = Math.floor(ALERTS / each);
    for (let i = 0; i < Math.ceil(50 / each); i += 1) await run();
    next = Math.ceil(50 / each) * each;
    const node = process.cpuUsage();
    const pg = await backendSeconds(backend);
    const started = performance.now();
    for (let i = 0; i < calls; i += 1) await run();
    const wall = (performance.now() - started) / ALERTS;
    const usedNode = process.cpuUsage(node);
    const pgAfter = await backendSeconds(backend);
    const perNode = (usedNode.user + usedNode.system) / ALERTS;
    const perPg = (seconds: number) => ((seconds * 1e6) / ALERTS).toFixed(0);
    console.log(
      `${name.padEnd(44)} Node ${perNode.toFixed(0)} µs, PostgreSQL ${perPg(pgAfter.user - pg.user)} µs user + ${perPg(pgAfter.system - pg.system)} µs system, wall ${(wall * 1000).toFixed(0)} µs each`,
    );
  }
  const plans = await db.execute(sql`select name, generic_plans, custom_plans from pg_prepared_statements`);
  console.log(plans.rows);
  const { rows } = await db.execute(
    sql`select count(*)::int as alerts, (select count(*)::int from outbox) as mails, (select count(*)::int from alert_deliveries) as deliveries from alerts`,
  );
  console.log(rows[0]);
  await pool.end();
});
