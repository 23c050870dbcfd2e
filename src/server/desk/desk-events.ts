import { and, asc, eq, gt, isNotNull, max } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { alertEvents, users } from '#server/db/schema.ts';
import type { DeskEvent } from '#server/deps.ts';
import { firmConsents } from './consent.ts';

/** A replay longer than this is not sent line by line: the desk reads its lists again. */
export const REPLAY_LIMIT = 500;

/**
 * The alert lines after `afterId` that a desk may know of, oldest first: those
 * of people who share their alerts with the firm. `more` when there were more
 * than REPLAY_LIMIT.
 */
export async function readDeskEvents(db: Queryable, afterId: number): Promise<{ events: DeskEvent[]; more: boolean }> {
  const rows = await db
    .select({ id: alertEvents.id, alertId: alertEvents.alertId, kind: alertEvents.kind })
    .from(alertEvents)
    .innerJoin(users, eq(users.id, alertEvents.userId))
    .where(and(gt(alertEvents.id, afterId), isNotNull(alertEvents.alertId), firmConsents))
    .orderBy(asc(alertEvents.id))
    .limit(REPLAY_LIMIT + 1);
  const events = rows.map((row) => ({ id: row.id, alertId: row.alertId!, kind: row.kind }));
  return { events: events.slice(0, REPLAY_LIMIT), more: events.length > REPLAY_LIMIT };
}

/** The newest line's id: where a desk that just connected starts. */
export async function lastDeskEventId(db: Queryable): Promise<number> {
  const [row] = await db.select({ id: max(alertEvents.id) }).from(alertEvents);
  return row?.id ?? 0;
}
