import { and, count, desc, eq, gt, gte, isNotNull, max } from 'drizzle-orm';
import type { CheckInPurpose } from '#shared/api/check-ins.ts';
import {
  ACK_LINK_TTL_MS,
  type AlertDeliveryState,
  type Delivery,
  type PracticeDeliveryState,
} from '#shared/api/deliveries.ts';
import type { Queryable } from '#server/db/client.ts';
import { alertPhaseOf, personView } from '#server/alerts/lifecycle.ts';
import { alertDeliveries, alertReminders, alerts, checkIns, practiceAlerts } from '#server/db/schema.ts';
import { firmAttends } from './firm-attending.ts';
import { deliveryRows, toDelivery } from '#server/alerts/delivery-rows.ts';
import { unreadEndNews } from '#server/alerts/end-news.ts';

/** GET /api/alert-deliveries: the person's alert status and, while an alert is active, each contact's e-mail. */
export async function alertDeliveryState(db: Queryable, userId: string): Promise<AlertDeliveryState> {
  const [alert] = await db
    .select()
    .from(alerts)
    .where(and(eq(alerts.userId, userId), eq(alerts.status, 'active')));
  // What the person is shown is the lifecycle's to say: one ended with the duress PIN is over.
  // With none on, what the last end told the person, until the app has shown it (docs/decisions/051).
  if (!alert || !personView(alertPhaseOf(alert)).alertOn)
    return { alert_status: false, alert: null, end_news: await unreadEndNews(db, userId) };
  // 'revealed' (lifecycle.ts): started at the deadline a check-in extended with the duress PIN showed
  // the person, so nothing came before `since`. (Alerts from before that start were the hidden alert
  // shown again: what went before, while it was hidden, stays the contacts'.)
  const since = alert.shownAgainAt;
  const [rows, [reminders], [checkIn], firmAttending] = await Promise.all([
    deliveryRows(db, eq(alertDeliveries.alertId, alert.id)),
    db
      .select({ rounds: count(), last: max(alertReminders.claimedAt) })
      .from(alertReminders)
      .where(and(eq(alertReminders.alertId, alert.id), ...(since ? [gte(alertReminders.claimedAt, since)] : []))),
    since || alert.checkInId
      ? db
          .select({
            purpose: checkIns.purpose,
            place: checkIns.place,
            dueAt: checkIns.dueAt,
            duressDueAt: checkIns.duressDueAt,
          })
          .from(checkIns)
          .where(
            since
              ? and(eq(checkIns.firedAlertId, alert.id), isNotNull(checkIns.shownFiredAt))
              : eq(checkIns.id, alert.checkInId!),
          )
          .orderBy(desc(checkIns.shownFiredAt))
          .limit(1)
      : Promise.resolve([]),
    firmAttends(db, alert.id),
  ]);
  const deliveries = rows.map(toDelivery);
  return {
    alert_status: true,
    alert: {
      id: alert.id,
      pressed_at: (since ?? alert.pressedAt).toISOString(),
      started_at: (since ?? alert.startedAt).toISOString(),
      deliveries: since ? deliveries.map((delivery) => notBefore(delivery, since)) : deliveries,
      reminders: reminders?.rounds ?? 0,
      last_reminder_at: reminders?.last?.toISOString() ?? null,
      trigger: since ? 'missed-check-in' : alert.trigger,
      check_in: checkIn
        ? {
            purpose: checkIn.purpose as CheckInPurpose,
            place: checkIn.place,
            // The deadline the person was shown, after an extension with the duress PIN.
            due_at: (checkIn.duressDueAt ?? checkIn.dueAt).toISOString(),
          }
        : null,
      firm_attending: firmAttending,
    },
    end_news: null,
  };
}

/** A contact's e-mail as the person is shown it on an alert shown again at `since`: nothing happened before its start. */
function notBefore(delivery: Delivery, since: Date): Delivery {
  const clamp = (at: string | null) => (at && new Date(at) < since ? since.toISOString() : at);
  return {
    ...delivery,
    sent_at: clamp(delivery.sent_at),
    acknowledged_at: clamp(delivery.acknowledged_at),
    push_sent_at: clamp(delivery.push_sent_at),
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
