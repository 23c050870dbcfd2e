import { and, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { checkIns } from '#server/db/schema.ts';

const DAY = 24 * 60 * 60_000;

/**
 * A check-in's last position goes POSITION_RETENTION_DAYS after it closed or
 * fired, as an alert's does (its requests' keys go with every other kind's,
 * after 30 days: retention/prune.ts).
 */
export async function pruneCheckIns(db: Db, now: Date, positionRetentionDays: number): Promise<void> {
  const ms = now.getTime();
  await db
    .update(checkIns)
    .set({ latitude: '', longitude: '' })
    .where(
      and(
        // A running check-in's position is what its alert would carry.
        ne(checkIns.status, 'running'),
        lt(
          sql`coalesce(${checkIns.closedAt}, ${checkIns.firedAt}, ${checkIns.createdAt})`,
          new Date(ms - positionRetentionDays * DAY),
        ),
        or(ne(checkIns.latitude, ''), ne(checkIns.longitude, '')),
      ),
    );
}
