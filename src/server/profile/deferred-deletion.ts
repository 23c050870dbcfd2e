import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Config } from '#server/config.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import { alerts, outbox, sessions, users } from '#server/db/schema.ts';
import { personOf } from '#server/message-content/alert-mail-data.ts';
import { alertRecipients } from '#server/alerts/recipients.ts';
import { unsubscribeLinks } from '#server/message-content/opt-outs.ts';
import { enqueueMails } from '#server/mail/outbox.ts';
import { recordAlertEvent } from '#server/alerts/alert-events.ts';
import { contactsBeingTold } from '#server/security/contacts-being-told.ts';
import { deleteAccount } from './delete-account.ts';

/**
 * 'Borrar cuenta' while the contacts are being told: the phone is signed out as a
 * deletion signs it out, and the account (with the alert, its deliveries, pending
 * e-mails, reminders and 'Lo tengo' page) stays until the alert ends for real.
 * `everywhere`: the real PIN proved the owner, so every device is signed out, as a
 * deletion would; otherwise only the asking phone, so the owner's other devices can
 * still end the alert. `schedule` is false for the duress PIN: nothing changes.
 */
export async function deferDeletion(
  tx: Queryable,
  userId: string,
  familyId: string,
  now: Date,
  { everywhere, schedule }: { everywhere: boolean; schedule: boolean },
) {
  if (schedule)
    await tx
      .update(users)
      .set({ deletionRequestedAt: now })
      .where(and(eq(users.id, userId), isNull(users.deletionRequestedAt)));
  // On the case of the alert the account waits for (none while only a check-in runs).
  const [active] = await tx
    .select({ id: alerts.id })
    .from(alerts)
    .where(and(eq(alerts.userId, userId), eq(alerts.status, 'active')));
  await recordAlertEvent(tx, {
    userId,
    alertId: active?.id ?? null,
    actor: 'person',
    kind: 'deletion-requested',
    at: now,
    detail: { scheduled: schedule, everywhere },
  });
  await tx
    .update(sessions)
    .set({ revokedAt: now, successorSealed: null })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        ...(everywhere ? [] : [eq(sessions.familyId, familyId)]),
      ),
    );
}

const DAY_MS = 24 * 60 * 60_000;

/**
 * Delete every account whose deletion waited for its alert or check-in, now over.
 * One still on after `deferredDeletionDays` (an alert nobody ended with the real
 * PIN, one the duress PIN hid included) does not wait for ever: its contacts are
 * told, in their language, that the account is being deleted and what to do, and
 * the account goes at a later clean-up, once those e-mails have left or been given
 * up on. Returns how many accounts went.
 */
export async function finishDeferredDeletions(
  db: Db,
  now: Date,
  config: Pick<Config, 'deferredDeletionDays' | 'secret' | 'publicUrl'>,
): Promise<number> {
  const waiting = await db.select({ id: users.id }).from(users).where(isNotNull(users.deletionRequestedAt));
  let deleted = 0;
  for (const { id } of waiting) {
    const gone = await db.transaction(async (tx) => {
      // Locked as an alert request locks it: no alert starts between the look and the deletion.
      const [user] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, id), isNotNull(users.deletionRequestedAt)))
        .for('no key update');
      if (!user?.deletionRequestedAt) return false;
      if (!(await contactsBeingTold(tx, id))) return deleteAccount(tx, id);
      if (now.getTime() < user.deletionRequestedAt.getTime() + config.deferredDeletionDays * DAY_MS) return false;
      if (!user.deletionNoticeAt) {
        await tellContactsOfDeletion(tx, config, user, user.deletionRequestedAt, now);
        return false;
      }
      // The notices go with the account: it waits until none is still to be sent.
      const [unsent] = await tx
        .select({ id: outbox.id })
        .from(outbox)
        .where(and(eq(outbox.userId, id), eq(outbox.kind, 'account-deletion-notice'), eq(outbox.status, 'pending')))
        .limit(1);
      return unsent ? false : deleteAccount(tx, id);
    });
    if (gone) deleted += 1;
  }
  return deleted;
}

async function tellContactsOfDeletion(
  tx: Queryable,
  config: Pick<Config, 'deferredDeletionDays' | 'secret' | 'publicUrl'>,
  user: typeof users.$inferSelect,
  requestedAt: Date,
  now: Date,
): Promise<void> {
  const [active] = await tx
    .select({ timezone: alerts.timezone })
    .from(alerts)
    .where(and(eq(alerts.userId, user.id), eq(alerts.status, 'active')));
  const recipients = await alertRecipients(tx, user.id);
  await unsubscribeLinks(
    tx,
    config,
    user.id,
    recipients.map((recipient) => recipient.email),
    now,
  );
  const person = personOf(user);
  await enqueueMails(
    tx,
    recipients.map((recipient) => ({
      kind: 'account-deletion-notice' as const,
      to: recipient.email,
      data: {
        person,
        contactFirstname: recipient.firstname,
        language: recipient.language,
        requestedAt: requestedAt.toISOString(),
        timezone: active?.timezone ?? 'UTC',
        days: config.deferredDeletionDays,
      },
    })),
    now,
    user.id,
  );
  await tx.update(users).set({ deletionNoticeAt: now }).where(eq(users.id, user.id));
}
