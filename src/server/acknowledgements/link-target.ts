import { and, eq, gt } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { replacementOf } from '#server/alerts/alert-events.ts';
import { alertDeliveries, alerts } from '#server/db/schema.ts';
import { sha256 } from '#server/security/hashing.ts';

/** No person makes more fresh alerts in a week than this: a longer chain would be a loop. */
const MAX_REPLACEMENTS = 100;

/**
 * The delivery record a live 'Lo tengo' token answers for (docs/decisions/047). Its own, unless its
 * alert gave way to a fresh one while the danger went on (a press, or a check-in falling due, after an
 * end with the duress PIN): the contacts were never told that alert ended, so its link must not say
 * so. It then answers for the same contact's record of the alert that took over (followed to the
 * last one), whose page and 'Lo tengo' are those of the alert on now. Undefined when the token is
 * unknown or expired.
 */
export async function linkTarget(
  db: Queryable,
  token: string,
  now: Date,
): Promise<{ deliveryId: string; replaced: boolean } | undefined> {
  const [own] = await db
    .select({
      id: alertDeliveries.id,
      alertId: alertDeliveries.alertId,
      contactEmail: alertDeliveries.contactEmail,
      status: alerts.status,
    })
    .from(alertDeliveries)
    .leftJoin(alerts, eq(alerts.id, alertDeliveries.alertId))
    .where(and(eq(alertDeliveries.tokenHash, sha256(token)), gt(alertDeliveries.expiresAt, now)));
  if (!own) return undefined;
  const mine = { deliveryId: own.id, replaced: false };
  if (!own.alertId || own.status !== 'ended') return mine;
  let latest = own.alertId;
  for (let hops = 0; hops < MAX_REPLACEMENTS; hops++) {
    const next = await replacementOf(db, latest);
    if (!next) break;
    latest = next;
  }
  if (latest === own.alertId) return mine;
  const [successor] = await db
    .select({ id: alertDeliveries.id })
    .from(alertDeliveries)
    .where(and(eq(alertDeliveries.alertId, latest), eq(alertDeliveries.contactEmail, own.contactEmail)));
  // No record of the contact on it (it could not be written, or they stopped the e-mails): their own page.
  return successor ? { deliveryId: successor.id, replaced: true } : mine;
}
