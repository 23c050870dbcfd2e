import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { CheckInPurpose } from '#shared/api/check-ins.ts';
import type { AckView } from '#shared/api/deliveries.ts';
import type { Queryable } from '#server/db/client.ts';
import { alertPhaseOf, contactsView } from '#server/alerts/lifecycle.ts';
import { alertDeliveries, alerts, checkIns, practiceAlerts, users } from '#server/db/schema.ts';
import { forcedOn, recordAlertEvent } from '#server/alerts/alert-events.ts';
import { firmAttends } from './firm-attending.ts';
import { linkTarget } from './link-target.ts';

/** The contact's view of the alert behind a live 'Lo tengo' token; undefined when unknown or expired. */
export async function findAck(db: Queryable, token: string, now: Date): Promise<AckView | undefined> {
  const target = await linkTarget(db, token, now);
  return target && viewOf(db, target.deliveryId, target.replaced);
}

/** The page of one delivery record: its alert (or practice) as the contacts are told it. */
async function viewOf(db: Queryable, deliveryId: string, replaced: boolean): Promise<AckView | undefined> {
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
    .where(eq(alertDeliveries.id, deliveryId));
  if (!row) return undefined;
  const practice = row.alertStatus === null;
  const pressedAt = row.alertPressedAt ?? row.practicePressedAt;
  if (!pressedAt) return undefined;
  const latitude = (practice ? row.practiceLatitude : row.alertLatitude) ?? '';
  const longitude = (practice ? row.practiceLongitude : row.alertLongitude) ?? '';
  const { forced } = contactsView(
    alertPhaseOf(row.alertStatus === 'active' ? { endedByDuressAt: row.alertEndedByDuressAt } : undefined),
  );
  // Forced: the page says what the duress PIN was typed on, as the contacts' e-mails said it.
  const on = forced && row.alertId ? ((await forcedOn(db, row.alertId)) ?? 'alert') : undefined;
  return {
    person: { name: `${row.firstname} ${row.lastname}`, phone: row.phone },
    contact_firstname: row.contactFirstname,
    practice,
    pressed_at: pressedAt.toISOString(),
    timezone: (practice ? row.practiceTimezone : row.alertTimezone) ?? 'UTC',
    position: latitude && longitude ? { latitude, longitude } : null,
    status: row.alertStatus === 'ended' ? 'ended' : 'active',
    forced,
    ...(on ? { forced_on: on } : {}),
    ...(replaced ? { replaced: true } : {}),
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
 * once). Not for an alert that has ended; for the alert that replaced the link's
 * own, the same contact's record of it (link-target.ts). Undefined when the
 * token is unknown or expired.
 */
export async function acknowledge(db: Queryable, token: string, now: Date): Promise<AckView | undefined> {
  const outcome = await db.transaction(async (tx) => {
    const target = await linkTarget(tx, token, now);
    if (!target) return undefined;
    const rows = await tx
      .update(alertDeliveries)
      .set({ acknowledgedAt: now })
      .where(
        and(
          eq(alertDeliveries.id, target.deliveryId),
          isNull(alertDeliveries.acknowledgedAt),
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
    return { target, recorded: rows.length > 0 };
  });
  if (!outcome) return undefined;
  const view = await viewOf(db, outcome.target.deliveryId, outcome.target.replaced);
  return view && { ...view, recorded: outcome.recorded };
}
