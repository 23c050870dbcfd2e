import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { SEED_PREFIX } from './seed-people.ts';

const pause = () => new Promise((resolve) => setTimeout(resolve, 100));

/**
 * Waits (up to the deadline) until no request of an earlier run is still being
 * worked on: a closed-loop run that ends with 500 presses queued in the app's
 * pool leaves seconds of work behind it. Seen as no busy database session of
 * the app other than the outbox's, and no autovacuum worker at work, twice in a row.
 */
async function settle(db: Db, deadline: number): Promise<void> {
  let quiet = 0;
  while (quiet < 2 && Date.now() < deadline) {
    const { rows } = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'
        and state <> 'idle' and query not ilike '%outbox%'`);
    // Autovacuum too: a worker still cleaning up after a closed-loop burst was seen in
    // the next open-loop run's slowest presses (scripts/bench/probes/tail-gc.ts).
    const { rows: vacuuming } = await db.execute<{ n: number }>(sql`
      select count(*)::int as n from pg_stat_activity where backend_type = 'autovacuum worker' and state <> 'idle'`);
    const busy = (rows[0]?.n ?? 0) + (vacuuming[0]?.n ?? 0);
    quiet = busy === 0 ? quiet + 1 : 0;
    await pause();
  }
}

/**
 * Between runs: let the last run's requests finish, end every bench alert, so
 * the same people can press again and each press starts a new alert, and wait
 * (up to `timeoutMs` in all) for the outbox to send what the last run queued,
 * so a run does not pay for the one before. With `discardMail`, the e-mails to
 * the bench's own contacts still queued are deleted instead of waited for: a
 * run of 1,500 alerts/s leaves some 20,000, half a minute of sending, and the
 * sending has its own figure. Returns how many e-mails were still pending when
 * it gave up waiting (none, when discarded).
 */
export async function resetAlerts(db: Db, timeoutMs = 60_000, { discardMail = false } = {}): Promise<number> {
  const deadline = Date.now() + timeoutMs;
  await settle(db, deadline);
  await db.execute(sql`update alerts set status = 'ended', ended_at = now() where status = 'active'`);
  await db.execute(sql`update users set alert_status = false where alert_status`);
  if (discardMail) {
    await db.execute(sql`delete from outbox where status = 'pending' and recipient like ${`${SEED_PREFIX}%`}`);
    // Draining took seconds, in which autovacuum cleaned up after the run; without them it
    // would do so during the next run, and charge that run for this one's dead rows.
    await db.execute(sql`vacuum (analyze) outbox, alerts, users, idempotency_keys, alert_deliveries`);
  }
  for (;;) {
    const { rows } = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from outbox where status = 'pending'`,
    );
    const pending = rows[0]?.n ?? 0;
    if (pending === 0 || Date.now() > deadline) return pending;
    await pause();
  }
}
