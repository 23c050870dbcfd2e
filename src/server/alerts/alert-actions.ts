import { and, eq } from 'drizzle-orm';
import type { ActiveButtonInput, ActiveButtonReply } from '#shared/api/active-button.ts';
import { ALERT_POSITION_WINDOW_MS } from '#shared/api/active-button.ts';
import { bestEffort } from '#server/db/best-effort.ts';
import type { Config } from '#server/config.ts';
import { afterCommit, type Queryable } from '#server/db/client.ts';
import { alerts, users } from '#server/db/schema.ts';
import { inTransaction } from '#server/db/statements.ts';
import type { AtOnce, Press } from '#server/deps.ts';
import type { Log } from '#server/log.ts';
import { notifyOutboxWorkers } from '#server/mail/outbox.ts';
import { showTruthWhenNothingOn } from '#server/security/shown-states.ts';
import { readAlertContexts } from './alert-context.ts';
import { eventIsOpen, recordAlertEvent } from './alert-events.ts';
import { momentData, personOf } from '#server/message-content/alert-mail-data.ts';
import { queueAlertPushes } from '#server/push/queue-pushes.ts';
import { accuracyOf, momentOf, positionOf, pressedAt } from './press-moment.ts';
import { planStart, writeStarts } from './start-rows.ts';
import { queueEndedAlertMails, queueFollowUpMails } from './tracked-mails.ts';
import { contactsToldOf, withdrawUnsent } from './withdraw-unsent.ts';

export type Deps = {
  tx: Queryable;
  config: Pick<Config, 'secret' | 'publicUrl'>;
  userId: string;
  now: Date;
  log?: Log;
};

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
 * A '1' inside the transaction, with the person's row locked (lockUserForAlert),
 * so the context it reads is final: decided and written as the one statement
 * decides and writes it (start-rows.ts), the same rows for the same press.
 * (The one statement declines when it cannot write them all; here the delivery
 * records may fail alone.)
 * Undefined when an alert is on, shown or hidden (lifecycle-executor.ts decides what the press is then).
 */
export async function startInTransaction(
  { tx, config, log }: Pick<Deps, 'tx' | 'config' | 'log'>,
  press: Press,
): Promise<AtOnce | undefined> {
  const run = inTransaction(tx);
  const [context] = await readAlertContexts(run, [press]);
  if (!context) throw new Error('the bearer user vanished inside its own transaction');
  const plan = planStart(config, press, context);
  if (plan.kind === 'not-a-start') return undefined;
  if (plan.kind === 'answer')
    return plan.claim.kind === 'mismatch' ? { kind: 'mismatch' } : { kind: 'answered', reply: plan.claim.reply };
  // One effect of a larger event (a press that retires a hidden alert, a check-in that fires):
  // its line joins that event's one row instead of a row of its own.
  const unlogged = eventIsOpen(tx);
  // The delivery records are best effort, as ever: should they fail, the alert and its e-mails
  // still go, without them (the links then lead to the invalid-link page).
  const claimed =
    (await bestEffort(
      tx,
      log,
      'entregas de alert-started',
      (savepoint) => writeStarts(inTransaction(savepoint), [plan.rows], { unlogged }),
      undefined,
    )) ?? (await writeStarts(run, [plan.rows], { untracked: true, unlogged }));
  // Nobody else writes this person's key while their row is locked.
  if (!claimed.has(press.userId)) throw new Error('an alert start found its key taken under the lock');
  // The same line the one statement writes (start-rows.ts).
  if (unlogged)
    await recordAlertEvent(tx, {
      userId: press.userId,
      alertId: plan.rows.alert_id,
      checkInId: plan.rows.check_in_id,
      actor: plan.rows.trigger === 'press' ? 'person' : 'system',
      kind: 'alert-started',
      at: press.now,
      detail: { contacts: plan.rows.mails.length },
    });
  // (Never in a savepoint here; there the workers' next poll would find the e-mails.)
  if (plan.rows.mails.length > 0) afterCommit(tx, notifyOutboxWorkers);
  return { kind: 'answered', reply: plan.reply };
}

/** The person's one active alert row, if any: the rows the lifecycle's phase is read from (lifecycle.ts). */
export async function readActiveAlert(tx: Queryable, userId: string): Promise<ActiveAlert | undefined> {
  const [active] = await tx
    .select()
    .from(alerts)
    .where(and(eq(alerts.userId, userId), eq(alerts.status, 'active')));
  return active;
}

export type ActiveAlert = typeof alerts.$inferSelect;

/**
 * The lifecycle's 'end-alert' effect (lifecycle-executor.ts decides when): the
 * alert ends for everyone, and each contact who got it reads that it ended.
 * `safe`: 'Estoy bien' after a missed check-in fired the alert: the 'ended' e-mail says the person is safe.
 */
export async function endAlert(
  deps: Deps,
  user: LockedUser,
  active: ActiveAlert,
  input: ActiveButtonInput,
  { safe = false }: { safe?: boolean } = {},
): Promise<ActiveButtonReply> {
  const { tx, userId, now } = deps;
  const person = personOf(user);
  const at = pressedAt(input, now);
  const timezone = input.timezone || active.timezone;
  await tx.update(alerts).set({ status: 'ended', endedAt: now, endPressedAt: at }).where(eq(alerts.id, active.id));
  await tx.update(users).set({ alertStatus: false, updatedAt: now }).where(eq(users.id, userId));
  await recordAlertEvent(tx, {
    userId,
    alertId: active.id,
    checkInId: active.checkInId,
    actor: 'person',
    kind: 'alert-ended',
    at: now,
    ...(safe ? { detail: { safe: true } } : {}),
  });
  // After the alert row's update, which waits for a reminder being queued: its rows are withdrawn too.
  const withdrawn = await withdrawUnsent(tx, active.id, now);
  // The person is told whether the alert had left (docs/decisions/049).
  const told = await contactsToldOf(tx, active.id, withdrawn);
  // To everyone who got the alert, with who acknowledged it; not to those who never heard of it.
  const moment = momentData(momentOf(at, timezone, now));
  await queueEndedAlertMails(deps, active.id, withdrawn.emails, (recipient, deliveries) => ({
    alertId: active.id,
    person,
    contactFirstname: recipient.firstname,
    language: recipient.language,
    ...moment,
    position: null,
    deliveries,
    ...(safe ? { safe: true } : {}),
  }));
  // Phone notifications: besides the e-mails, never instead (src/server/push).
  await queueAlertPushes(tx, userId, active.id, 'alert-ended', now, [...withdrawn.phones]);
  // Ended for real: with nothing else on, the person's screens show the truth again. Never at the end's cost.
  await bestEffort(
    tx,
    deps.log,
    'lo mostrado tras el PIN de coacción',
    (savepoint) => showTruthWhenNothingOn(savepoint, userId),
    false,
  );
  return { alert_status: false, alert_id: active.id, ...(told ? { contacts_told: told } : {}) };
}

/**
 * The lifecycle's 'record-position' effect: a '1' while the alert is on. The
 * first position of an alert that started without one, within ten minutes,
 * goes to the contacts.
 */
export async function recordPosition(
  deps: Deps,
  user: LockedUser,
  active: ActiveAlert,
  input: ActiveButtonInput,
): Promise<ActiveButtonReply> {
  const { tx, now } = deps;
  const person = personOf(user);
  const position = positionOf(input);
  const reply = { alert_status: true, alert_id: active.id };
  if (!position) return reply;
  const firstFix = !positionOf(active) && now.getTime() - active.startedAt.getTime() <= ALERT_POSITION_WINDOW_MS;
  await recordAlertEvent(tx, {
    userId: deps.userId,
    alertId: active.id,
    actor: 'person',
    kind: 'position',
    at: now,
    detail: { toldContacts: firstFix },
  });
  await tx
    .update(alerts)
    .set({ ...position, accuracy: accuracyOf(input), positionAt: active.positionAt ?? now })
    .where(eq(alerts.id, active.id));
  if (firstFix) {
    // With the 'Lo tengo' link of each contact who got the alert.
    const moment = momentData(momentOf(now, active.timezone, now));
    await queueFollowUpMails(deps, active.id, 'alert-position', (recipient, ack) => ({
      alertId: active.id,
      person,
      contactFirstname: recipient.firstname,
      language: recipient.language,
      ...moment,
      position,
      ack,
    }));
    await queueAlertPushes(tx, deps.userId, active.id, 'alert-position', now);
  }
  return reply;
}
