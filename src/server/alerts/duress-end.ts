import { eq } from 'drizzle-orm';
import type { ActiveButtonReply } from '#shared/api/active-button.ts';
import { momentData, personOf } from '#server/message-content/alert-mail-data.ts';
import { momentOf, positionOf } from '#server/alerts/press-moment.ts';
import { queueFollowUpMails, type TrackDeps } from '#server/alerts/tracked-mails.ts';
import { alerts, users } from '#server/db/schema.ts';
import { queueAlertPushes } from '#server/push/queue-pushes.ts';
import { recordAlertEvent, type ForcedOn } from './alert-events.ts';
import { contactsToldOf, wouldWithdraw } from './withdraw-unsent.ts';

type AlertRow = typeof alerts.$inferSelect;
type PersonRow = Pick<typeof users.$inferSelect, 'firstname' | 'lastname' | 'phone'>;

/**
 * The lifecycle's 'hide-from-person' and 'tell-contacts-forced' effects:
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
  /** 'check-in': 'Estoy bien' on the check-in that fired this alert; the contacts read that the check-in closed. */
  { on = 'alert' }: { on?: ForcedOn } = {},
): Promise<ActiveButtonReply> {
  await hideAlertFromPerson(deps, active.id);
  // What a real end would have told the person in this same outbox, read before the duress
  // e-mails join it: the phone must not tell the PINs apart (docs/decisions/049). Nothing is withdrawn.
  const told = await contactsToldOf(deps.tx, active.id, await wouldWithdraw(deps.tx, active.id));
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
      ...(on === 'check-in' ? { forcedOn: on } : {}),
    }),
    { receivedOnly: true },
  );
  const trigger = on === 'check-in' ? 'forced-check-in' : undefined;
  await queueAlertPushes(deps.tx, deps.userId, active.id, 'alert-duress', deps.now, [], trigger);
  return { alert_status: false, alert_id: active.id, ...(told ? { contacts_told: told } : {}) };
}

/** From now on, every reply to the person says no alert is on; the contacts' view is untouched. */
export async function hideAlertFromPerson(
  { tx, userId, now }: Pick<TrackDeps, 'tx' | 'userId' | 'now'>,
  alertId: string,
): Promise<void> {
  await tx.update(alerts).set({ endedByDuressAt: now, shownAgainAt: null }).where(eq(alerts.id, alertId));
  await tx.update(users).set({ alertStatus: false, updatedAt: now }).where(eq(users.id, userId));
}

/**
 * The lifecycle's 'show-to-person' effect, on the fresh alert a check-in the duress PIN extended
 * started at the deadline the person was shown (its rows, e-mails and reminders are those of any
 * start then): the person sees it as on, and the contacts, told that the check-in may have been
 * forced, read this alert so too ('posible coacción', no call).
 */
export async function showToPersonAsForced({ tx, now }: Pick<TrackDeps, 'tx' | 'now'>, alertId: string): Promise<void> {
  await tx.update(alerts).set({ endedByDuressAt: now, shownAgainAt: now }).where(eq(alerts.id, alertId));
}

/**
 * The lifecycle's 'retire-hidden' effect: a press while an alert ended with the
 * duress PIN is still on for the contacts. The person is free again or pressing
 * under threat once more; either way they must see what a press after any end
 * shows, a fresh alert, and the contacts must hear of the new press: the hidden
 * alert gives way (ended, with no e-mail: the fresh alert's e-mails and
 * reminders go to the same contacts) and the executor starts a new one.
 */
export async function retireHiddenAlert(
  { tx, userId, now }: Pick<TrackDeps, 'tx' | 'userId' | 'now'>,
  hidden: Pick<AlertRow, 'id'>,
  /** 'system': a check-in whose deadline passed, rather than a press. */
  actor: 'person' | 'system' = 'person',
): Promise<void> {
  await tx.update(alerts).set({ status: 'ended', endedAt: now }).where(eq(alerts.id, hidden.id));
  await recordAlertEvent(tx, { userId, alertId: hidden.id, actor, kind: 'alert-replaced', at: now });
}
