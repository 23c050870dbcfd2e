import { and, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { DeskClient } from '#shared/api/desk.ts';
import type { Queryable } from '#server/db/client.ts';
import { alerts, users } from '#server/db/schema.ts';
import { deskMayOpen } from './desk-visibility.ts';
import { firmConsents } from './consent.ts';

const SEARCH_LIMIT = 20;
/** Fewer digits than this are not looked for in phones: they would match nearly everyone. */
export const PHONE_SEARCH_MIN_DIGITS = 3;
const RECENT_ALERTS = 5;

const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Consenting clients whose name or phone holds what was typed (a family member calling the firm
 * gives one or the other). Phone digits match whatever the spacing or dial code typed. Each with
 * their alerts the desk may still open.
 */
export async function searchClients(
  db: Queryable,
  query: string,
  scope: { now: Date; retentionDays: number },
): Promise<DeskClient[]> {
  const digits = query.replace(/\D/g, '');
  const byName = ilike(sql`${users.firstname} || ' ' || ${users.lastname}`, likeText(query));
  const byPhone =
    digits.length >= PHONE_SEARCH_MIN_DIGITS
      ? sql`regexp_replace(${users.phone}, '\\D', '', 'g') like ${likeText(digits)}`
      : undefined;
  const found = await db
    .select({ id: users.id, firstname: users.firstname, lastname: users.lastname, phone: users.phone })
    .from(users)
    .where(and(firmConsents, or(byName, byPhone)))
    .orderBy(users.lastname, users.firstname)
    .limit(SEARCH_LIMIT);
  if (found.length === 0) return [];
  const recent = await db
    .select({ id: alerts.id, userId: alerts.userId, pressedAt: alerts.pressedAt, status: alerts.status })
    .from(alerts)
    .innerJoin(users, eq(users.id, alerts.userId))
    .where(
      and(
        inArray(
          alerts.userId,
          found.map((user) => user.id),
        ),
        deskMayOpen(scope.now, scope.retentionDays),
      ),
    )
    .orderBy(desc(alerts.pressedAt));
  return found.map((user) => {
    const theirs = recent.filter((alert) => alert.userId === user.id);
    return {
      id: user.id,
      name: `${user.firstname} ${user.lastname}`.trim(),
      phone: user.phone,
      active_alert_id: theirs.find((alert) => alert.status === 'active')?.id ?? null,
      recent_alerts: theirs.slice(0, RECENT_ALERTS).map((alert) => ({
        id: alert.id,
        pressed_at: alert.pressedAt.toISOString(),
        active: alert.status === 'active',
      })),
    };
  });
}
