import { and, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alerts, deskCases } from '#server/db/schema.ts';
import { firmConsents } from './consent.ts';

const DAY = 24 * 60 * 60_000;

/**
 * The alerts the desk may open: a consenting person's, on now, or ended within the position
 * retention (after the purge the desk sees nothing of it). Join `users` and `desk_cases` (left) first.
 */
export function deskMayOpen(now: Date, retentionDays: number): SQL {
  return and(
    firmConsents,
    or(eq(alerts.status, 'active'), gt(alerts.endedAt, new Date(now.getTime() - retentionDays * DAY))),
  )!;
}

/** 'Alertas activas': on now, or ended but still attended and not closed. */
export const onTheDeskList: SQL = or(
  eq(alerts.status, 'active'),
  and(sql`${deskCases.alertId} is not null`, isNull(deskCases.closedAt)),
)!;
