import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { staff, staffSessions } from '#server/db/schema.ts';
import { STAFF_SESSION_IDLE_MS } from '#server/staff/staff-sessions.ts';

/**
 * Whether the desk session a stream was opened with still stands (not signed
 * out, not past 12 hours or 30 minutes idle, its staff member not removed).
 * Read without moving the idle clock: a desk left open is idle all the same.
 * A stream is authorised when it opens; this ends it when its session ends.
 */
export async function streamSessionStands(db: Queryable, sessionId: string, now: Date): Promise<boolean> {
  const [row] = await db
    .select({ id: staffSessions.id })
    .from(staffSessions)
    .innerJoin(staff, and(eq(staff.id, staffSessions.staffId), isNull(staff.removedAt)))
    .where(
      and(
        eq(staffSessions.id, sessionId),
        gt(staffSessions.expiresAt, now),
        gt(staffSessions.lastSeenAt, new Date(now.getTime() - STAFF_SESSION_IDLE_MS)),
      ),
    );
  return row !== undefined;
}
