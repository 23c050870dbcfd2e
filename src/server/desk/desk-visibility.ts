import { and, eq, gt, isNull, or, sql, type SQL } from 'drizzle-orm';
import { alertHasEvent } from '#server/alerts/alert-events.ts';
import { alerts, deskCases, users } from '#server/db/schema.ts';
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

/** The alert's person shares their alerts with the firm (consent.ts): the desk sees nothing else. */
export function consentingAlert(): SQL {
  return sql`exists (select 1 from ${users} where ${users.id} = ${alerts.userId} and ${firmConsents})`;
}

/** Someone at the desk took the alert ('Atender') or closed its case: a 'desk-claimed' or 'desk-closed' line of its log. */
export function attendedAlert(): SQL {
  return alertHasEvent(alerts.id, ['desk-claimed', 'desk-closed']);
}
