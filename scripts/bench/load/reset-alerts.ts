import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';

/**
 * Between runs: end every bench alert, so the same people can press again and
 * each press starts a new alert, and wait (up to `timeoutMs`) for the outbox
 * to send what the last run queued, so a run does not pay for the one before.
 * Returns how many e-mails were still pending when it gave up waiting.
 */
export async function resetAlerts(db: Db, timeoutMs = 60_000): Promise<number> {
  await db.execute(sql`update alerts set status = 'ended', ended_at = now() where status = 'active'`);
  await db.execute(sql`update users set alert_status = false where alert_status`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from outbox where status = 'pending'`);
    const pending = rows[0]?.n ?? 0;
    if (pending === 0 || Date.now() > deadline) return pending;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
