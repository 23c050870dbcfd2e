import { and, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { CheckInPurpose } from '#shared/api/check-ins.ts';
import type { AckView } from '#shared/api/deliveries.ts';
import type { Queryable } from '#server/db/client.ts';
import { alertPhaseOf, contactsView } from '#server/alerts/lifecycle.ts';
import { alertDeliveries, alerts, checkIns, practiceAlerts, users } from '#server/db/schema.ts';
import { recordAlertEvent } from '#server/alerts/alert-events.ts';
import { firmAttends } from './firm-attending.ts';
import { sha256 } from '#server/security/hashing.ts';

/** The contact's view of the alert behind a live 'Lo tengo' token; undefined when unknown or expired. */
export async function findAck(db: Queryable, token: string, now: Date): Promise<AckView | undefined> {
  const [row] = await db
    .select({
      alertId: alerts.id,
      firstname: users.firstname,
      lastname: users.lastname,
      phone: users.phone,
      contactFirstname: alertDeliveries.contactFirstname,
      acknowledgedAt: alertDeliveries.acknowledgedAt,
      alertStatus: alerts.status,
      alertEndedByDuressAt: alerts.endedByDuressAt,
      alertPressedAt: alerts.pressedAt,
      alertTimezone: alerts.timezone,
      alertLatitude: alerts.latitude,
      alertLongitude: alerts.longitude,
      practicePressedAt: practiceAlerts.pressedAt,
      practiceTimezone: practiceAlerts.timezone,
      practiceLatitude: practiceAlerts.latitude,
      practiceLongitude: practiceAlerts.longitude,
      trigger: alerts.trigger,
      checkInPurpose: checkIns.purpose,
      checkInPlace: checkIns.place,
      checkInDueAt: checkIns.dueAt,
    })
    .from(alertDeliveries)
    .innerJoin(users, eq(users.id, alertDeliveries.userId))
    .leftJoin(alerts, eq(alerts.id, alertDeliveries.alertId))
    .leftJoin(practiceAlerts, eq(practiceAlerts.id, alertDeliveries.practiceId))
    .leftJoin(checkIns, eq(checkIns.id, alerts.checkInId))
    .where(and(eq(alertDeliveries.tokenHash, sha256(token)), gt(alertDeliveries.expiresAt, now)));
  if (!row) return undefined;
  const practice = row.alertStatus === null;
  const pressedAt = row.alertPressedAt ?? row.practicePressedAt;
  if (!pressedAt) return undefined;
  const latitude = (practice ? row.practiceLatitude : row.alertLatitude) ?? '';
  const longitude = (practice ? row.practiceLongitude : row.alertLongitude) ?? '';
  return {
    person: { name: `${row.firstname} ${row.lastname}`, phone: row.phone },
    contact_firstname: row.contactFirstname,
    practice,
    pressed_at: pressedAt.toISOString(),
    timezone: (practice ? row.practiceTimezone : row.alertTimezone) ?? 'UTC',
    position: latitude && longitude ? { latitude, longitude } : null,
    status: row.alertStatus === 'ended' ? 'ended' : 'active',
    forced: contactsView(
      alertPhaseOf(row.alertStatus === 'active' ? { endedByDuressAt: row.alertEndedByDuressAt } : undefined),
    ).forced,
    acknowledged_at: row.acknowledgedAt?.toISOString() ?? null,
    trigger: row.trigger ?? 'press',
    check_in:
      row.checkInPurpose !== null && row.checkInDueAt !== null
        ? {
            purpose: row.checkInPurpose as CheckInPurpose,
            place: row.checkInPlace ?? '',
            due_at: row.checkInDueAt.toISOString(),
          }
        : null,
    // The contacts' view: told while the alert goes on for them (a duress end included).
    firm_attending: row.alertId !== null && row.alertStatus === 'active' ? await firmAttends(db, row.alertId) : false,
  };
}

/**
 * 'Lo tengo' pressed: the first press records the moment, every later one
 * records nothing new (one conditional UPDATE, so two presses racing record it
 * once). Not for an alert that has ended. Undefined when the token is unknown or expired.
 */
export async function acknowledge(db: Queryable, token: string, now: Date): Promise<AckView | undefined> {
  const recorded = await db.transaction(async (tx) => {
    const rows = await tx
      .update(alertDeliveries)
      .set({ acknowledgedAt: now })
      .where(
        and(
          eq(alertDeliveries.tokenHash, sha256(token)),
          isNull(alertDeliveries.acknowledgedAt),
          gt(alertDeliveries.expiresAt, now),
          or(
            isNull(alertDeliveries.alertId),
            sql`exists (select 1 from ${alerts} where ${alerts.id} = ${alertDeliveries.alertId} and ${alerts.status} = 'active')`,
          ),
        ),
      )
      .returning({
        id: alertDeliveries.id,
        userId: alertDeliveries.userId,
        alertId: alertDeliveries.alertId,
        practiceId: alertDeliveries.practiceId,
      });
    for (const delivery of rows)
      await recordAlertEvent(tx, {
        userId: delivery.userId,
        alertId: delivery.alertId,
        actor: 'contact',
        kind: 'acknowledged',
        at: now,
        detail: { deliveryId: delivery.id, ...(delivery.practiceId ? { practiceId: delivery.practiceId } : {}) },
      });
    return rows.length > 0;
  });
  const view = await findAck(db, token, now);
  return view && { ...view, recorded };
}
