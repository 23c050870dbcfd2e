import { sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';

/**
 * The time zone the person's phone reported last (with an alert, a practice or a check-in), so a
 * notice written to them gives the time they live in; null when the phone never reported one.
 */
export async function lastReportedZone(tx: Queryable, userId: string): Promise<string | null> {
  const { rows } = await tx.execute<{ timezone: string }>(sql`
    select timezone from (
      select timezone, started_at as at from alerts where user_id = ${userId}
      union all select timezone, started_at from practice_alerts where user_id = ${userId}
      union all select timezone, created_at from check_ins where user_id = ${userId}
    ) as reports
    order by at desc
    limit 1`);
  return rows[0]?.timezone ?? null;
}
