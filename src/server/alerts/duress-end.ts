import { and, eq } from 'drizzle-orm';
import type { ActiveButtonReply } from '#shared/api/active-button.ts';
import { momentData, personOf } from '#server/message-content/alert-mail-data.ts';
import { momentOf, positionOf } from '#server/alerts/press-moment.ts';
import { queueFollowUpMails, type TrackDeps } from '#server/alerts/tracked-mails.ts';
import { alerts, users } from '#server/db/schema.ts';
import { queueAlertPushes } from '#server/push/queue-pushes.ts';
import { recordAlertEvent } from './alert-events.ts';
import { alertPhaseOf, step } from './lifecycle.ts';

type AlertRow = typeof alerts.$inferSelect;
type PersonRow = Pick<typeof users.$inferSelect, 'firstname' | 'lastname' | 'phone'>;

/**
 * FINALIZAR ALERTA with the duress PIN, for a person whose row the caller holds
 * locked: the person's replies say the alert ended (the same reply as a real
 * end), while for the contacts it goes on. The alert stays 'active' (reminders,
 * 'Lo tengo', positions); `ended_by_duress_at` hides it from the person only.
 * Each contact who got the alert reads that the person may have been forced to
 * end it. Nothing is deleted.
 */
export async function endAlertUnderDuress(
  deps: TrackDeps,
  person: PersonRow,
  active: AlertRow,
): Promise<ActiveButtonReply> {
  await hideAlertFromPerson(deps, active.id);
  await recordAlertEvent(deps.tx, {
    userId: deps.userId,
    alertId: active.id,
    checkInId: active.checkInId,
    actor: 'person',
    kind: 'alert-ended-duress',
    at: deps.now,
  });
  const moment = momentData(momentOf(deps.now, active.timezone, deps.now));
  await queueFollowUpMails(
    deps,
    active.id,
    'alert-duress',
    (recipient, ack) => ({
      alertId: active.id,
      person: personOf(person),
      contactFirstname: recipient.firstname,
      language: recipient.language,
      ...moment,
      position: positionOf(active),
      ack,
    }),
    { receivedOnly: true },
  );
  await queueAlertPushes(deps.tx, deps.userId, active.id, 'alert-duress', deps.now);
  return { alert_status: false, alert_id: active.id };
}

/** From now on, every reply to the person says no alert is on; the contacts' view is untouched. */
export async function hideAlertFromPerson(
  { tx, userId, now }: Pick<TrackDeps, 'tx' | 'userId' | 'now'>,
  alertId: string,
): Promise<void> {
  await tx.update(alerts).set({ endedByDuressAt: now }).where(eq(alerts.id, alertId));
  await tx.update(users).set({ alertStatus: false, updatedAt: now }).where(eq(users.id, userId));
}

/**
 * A press while an alert ended with the duress PIN is still on for the contacts:
 * the person is free again or pressing under threat once more. Either way they
 * must see what a press after any end shows, a fresh alert, and the contacts must
 * hear of the new press: the hidden alert gives way (ended, with no e-mail: the
 * fresh alert's e-mails and reminders go to the same contacts) and the caller
 * starts a new one. True when there was one to retire.
 */
export async function retireHiddenAlert({
  tx,
  userId,
  now,
}: Pick<TrackDeps, 'tx' | 'userId' | 'now'>): Promise<boolean> {
  const [active] = await tx
    .select({ id: alerts.id, endedByDuressAt: alerts.endedByDuressAt })
    .from(alerts)
    .where(and(eq(alerts.userId, userId), eq(alerts.status, 'active')));
  if (!step(alertPhaseOf(active), 'press').effects.includes('retire-hidden') || !active) return false;
  await tx.update(alerts).set({ status: 'ended', endedAt: now }).where(eq(alerts.id, active.id));
  await recordAlertEvent(tx, { userId, alertId: active.id, actor: 'person', kind: 'alert-replaced', at: now });
  return true;
}
