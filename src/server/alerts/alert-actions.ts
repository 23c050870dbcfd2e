import { and, eq } from 'drizzle-orm';
import type { ActiveButtonInput, ActiveButtonReply } from '#shared/api/active-button.ts';
import { ALERT_START, ALERT_POSITION_WINDOW_MS } from '#shared/api/active-button.ts';
import { queueEndedAlertMails, queueFollowUpMails, queueTrackedMails } from '#server/acknowledgements/tracked-mails.ts';
import type { Config } from '#server/config.ts';
import type { Queryable } from '#server/db/client.ts';
import { alerts, users } from '#server/db/schema.ts';
import type { Log } from '#server/log.ts';
import { alertEndedMail, alertPositionMail, alertStartedMail } from '#server/mail/templates/alert-mails.ts';
import { personOf } from './alert-mail.ts';
import { momentOf, positionOf, pressedAt } from './press-moment.ts';
import { ALERT_STARTED } from './started-mail.ts';

type Deps = { tx: Queryable; config: Pick<Config, 'secret' | 'publicUrl'>; userId: string; now: Date; log?: Log };

export type LockedUser = typeof users.$inferSelect;

/**
 * Serialises a person's alert requests: first thing in the transaction, before
 * anything that references the user row. (Claiming the key inserts a row with a
 * foreign key to it, which share-locks it; two presses upgrading that share lock
 * to FOR UPDATE deadlocked. NO KEY UPDATE does not conflict with those share locks.)
 */
export async function lockUserForAlert(tx: Queryable, userId: string): Promise<LockedUser> {
  const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('no key update');
  if (!user) throw new Error('the bearer user vanished inside its own transaction');
  return user;
}

/**
 * Apply one press of the SOS button ('1') or of FINALIZAR ALERTA ('2') for a
 * person whose user row the caller holds locked (lockUserForAlert). '1' with no active alert starts
 * one; '1' during one records a position (the first position of an alert that
 * started without one, within ten minutes, goes to the contacts); '2' ends the
 * active alert and is a no-op when there is none.
 */
export async function applyAlertRequest(deps: Deps, user: LockedUser, input: ActiveButtonInput): Promise<ActiveButtonReply> {
  const { tx, userId, now } = deps;
  const [active] = await tx.select().from(alerts).where(and(eq(alerts.userId, userId), eq(alerts.status, 'active')));
  const person = personOf(user);
  const at = pressedAt(input, now);

  if (input.alert_status === ALERT_START) {
    if (!active) return startAlert(deps, input, person, at);
    return recordPosition(deps, active, input, person);
  }
  if (!active) return { alert_status: false, alert_id: null };
  const timezone = input.timezone || active.timezone;
  await tx.update(alerts).set({ status: 'ended', endedAt: now, endPressedAt: at }).where(eq(alerts.id, active.id));
  await tx.update(users).set({ alertStatus: false, updatedAt: now }).where(eq(users.id, userId));
  // To everyone who got the alert, with who acknowledged it.
  await queueEndedAlertMails(deps, active.id, (recipient, unsubscribeUrl, deliveries) =>
    alertEndedMail({ person, contactFirstname: recipient.firstname, moment: momentOf(at, timezone, now), unsubscribeUrl, deliveries }),
  );
  return { alert_status: false, alert_id: active.id };
}

async function startAlert(
  deps: Deps,
  input: ActiveButtonInput,
  person: ReturnType<typeof personOf>,
  at: Date,
): Promise<ActiveButtonReply> {
  const { tx, userId, now } = deps;
  const timezone = input.timezone || 'UTC';
  const [alert] = await tx
    .insert(alerts)
    .values({ userId, timezone, latitude: input.latitude, longitude: input.longitude, pressedAt: at, startedAt: now })
    .returning({ id: alerts.id });
  if (!alert) throw new Error('insert returned no alert');
  await tx.update(users).set({ alertStatus: true, updatedAt: now }).where(eq(users.id, userId));
  // Each with its contact's 'Lo tengo' link, and a record of which e-mail is whose.
  await queueTrackedMails(deps, { alertId: alert.id }, ALERT_STARTED, (recipient, links) =>
    alertStartedMail({
      person,
      contactFirstname: recipient.firstname,
      moment: momentOf(at, timezone, now),
      position: positionOf(input),
      ...links,
    }),
  );
  return { alert_status: true, alert_id: alert.id };
}

async function recordPosition(
  deps: Deps,
  active: typeof alerts.$inferSelect,
  input: ActiveButtonInput,
  person: ReturnType<typeof personOf>,
): Promise<ActiveButtonReply> {
  const { tx, now } = deps;
  const position = positionOf(input);
  const reply = { alert_status: true, alert_id: active.id };
  if (!position) return reply;
  const firstFix = !positionOf(active) && now.getTime() - active.startedAt.getTime() <= ALERT_POSITION_WINDOW_MS;
  await tx
    .update(alerts)
    .set({ ...position, positionAt: active.positionAt ?? now })
    .where(eq(alerts.id, active.id));
  if (firstFix) {
    // With the 'Lo tengo' link of each contact who got the alert.
    await queueFollowUpMails(deps, active.id, 'alert-position', (recipient, links) =>
      alertPositionMail({
        person,
        contactFirstname: recipient.firstname,
        moment: momentOf(now, active.timezone, now),
        position,
        ...links,
      }),
    );
  }
  return reply;
}
