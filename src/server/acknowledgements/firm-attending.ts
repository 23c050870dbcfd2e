import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { alerts, deskCases, users } from '#server/db/schema.ts';

/**
 * Whether someone at the firm has taken this alert ('Atender') and not closed its case: the
 * person's alert screen and the contacts' 'Lo tengo' page say '{FIRM_NAME} está atendiendo'.
 * Callers decide who may be told (the person only while personView shows the alert on).
 */
export async function firmAttends(db: Queryable, alertId: string): Promise<boolean> {
  const [row] = await db
    .select({ alertId: deskCases.alertId })
    .from(deskCases)
    .innerJoin(alerts, eq(alerts.id, deskCases.alertId))
    .innerJoin(users, eq(users.id, alerts.userId))
    // firmConsents of src/server/desk/consent.ts, written out: the desk reads this folder, not the other way round.
    .where(and(eq(deskCases.alertId, alertId), isNull(deskCases.closedAt), isNotNull(users.firmConsentAt)));
  return Boolean(row);
}
