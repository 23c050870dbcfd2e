// `node --import tsx scripts/bench/probes/query-cost.ts`: the client-side CPU of
// one small query, by way of running it: raw pg, pg with a named statement,
// Drizzle's query builder, a Drizzle prepared query, and a Drizzle transaction
// around one select. Starting an alert took about 15 queries in one
// transaction; it now takes three plain named ones (session, context, the
// one-statement start: src/server/alerts/start-alert-at-once.ts).
import { eq, sql } from 'drizzle-orm';
import { createDb, createPool } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import { withProbeDatabase } from './probe-database.ts';

const ROUNDS = 2000;
const id = '00000000-0000-0000-0000-000000000000';

await withProbeDatabase(async (url) => {
  const pool = createPool(url, 4);
  const db = createDb(pool);
  const prepared = db
    .select()
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('probe_user_by_id');
  const cases: [string, () => Promise<unknown>][] = [
    ['pg, parameterised', () => pool.query('select * from users where id = $1', [id])],
    ['pg, named statement', () => pool.query({ name: 'probe_named', text: 'select * from users where id = $1', values: [id] })],
    ['Drizzle query builder', () => db.select().from(users).where(eq(users.id, id))],
    ['Drizzle prepared query', () => prepared.execute({ id })],
    ['Drizzle transaction, one select', () => db.transaction((tx) => tx.select().from(users).where(eq(users.id, id)))],
  ];
  for (const [name, run] of cases) {
    for (let i = 0; i < 300; i += 1) await run();
    const before = process.cpuUsage();
    for (let i = 0; i < ROUNDS; i += 1) await run();
    const used = process.cpuUsage(before);
    console.log(`${name.padEnd(34)} ${((used.user + used.system) / ROUNDS).toFixed(0)} µs of CPU each`);
  }
  await pool.end();
});
