import { and, count, desc, eq, gt, max } from 'drizzle-orm';
import type { CheckInPurpose } from '#shared/api/check-ins.ts';
import { ACK_LINK_TTL_MS, type AlertDeliveryState, type PracticeDeliveryState } from '#shared/api/deliveries.ts';
import type { Queryable } from '#server/db/client.ts';
import { alertPhaseOf, personView } from '#server/alerts/lifecycle.ts';
import { alertDeliveries, alertReminders, alerts, checkIns, practiceAlerts } from '#server/db/schema.ts';
import { firmAttends } from './firm-attending.ts';
import { deliveryRows, toDelivery } from '#server/alerts/delivery-rows.ts';

/** GET /api/alert-deliveries: the person's alert status and, while an alert is active, each contact's e-mail. */
export async function alertDeliveryState(db: Queryable, userId: string): Promise<AlertDeliveryState> {
  const [alert] = await db
    .select()
    .from(alerts)
    .where(and(eq(alerts.userId, userId), eq(alerts.status, 'active')));
  // What the person is shown is the lifecycle's to say: one ended with the duress PIN is over.
  if (!alert || !personView(alertPhaseOf(alert)).alertOn) return { alert_status: false, alert: null };
  const [rows, [reminders], [checkIn], firmAttending] = await Promise.all([
    deliveryRows(db, eq(alertDeliveries.alertId, alert.id)),
    db
      .select({ rounds: count(), last: max(alertReminders.claimedAt) })
      .from(alertReminders)
      .where(eq(alertReminders.alertId, alert.id)),
    alert.checkInId
      ? db
          .select({ purpose: checkIns.purpose, place: checkIns.place, dueAt: checkIns.dueAt })
          .from(checkIns)
          .where(eq(checkIns.id, alert.checkInId))
      : Promise.resolve([]),
    firmAttends(db, alert.id),
  ]);
  return {
    alert_status: true,
    alert: {
      id: alert.id,
      pressed_at: alert.pressedAt.toISOString(),
      started_at: alert.startedAt.toISOString(),
      deliveries: rows.map(toDelivery),
      reminders: reminders?.rounds ?? 0,
      last_reminder_at: reminders?.last?.toISOString() ?? null,
      trigger: alert.trigger,
      check_in: checkIn
        ? { purpose: checkIn.purpose as CheckInPurpose, place: checkIn.place, due_at: checkIn.dueAt.toISOString() }
        : null,
      firm_attending: firmAttending,
    },
  };
}

/** GET /api/practice-deliveries: the person's latest practice, while its 'Lo tengo' links still work. */
export async function practiceDeliveryState(db: Queryable, userId: string, now: Date): Promise<PracticeDeliveryState> {
  const [practice] = await db
    .select()
    .from(practiceAlerts)
    .where(
      and(eq(practiceAlerts.userId, userId), gt(practiceAlerts.startedAt, new Date(now.getTime() - ACK_LINK_TTL_MS))),
    )
    .orderBy(desc(practiceAlerts.startedAt))
    .limit(1);
  if (!practice) return { practice: null };
  const rows = await deliveryRows(db, eq(alertDeliveries.practiceId, practice.id));
  return {
    practice: {
      id: practice.id,
      request_key: practice.requestKey,
      pressed_at: practice.pressedAt.toISOString(),
      started_at: practice.startedAt.toISOString(),
      deliveries: rows.map(toDelivery),
    },
  };
}
