import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db, Queryable } from '#server/db/client.ts';
import { alerts, sessions, users } from '#server/db/schema.ts';
import { recordAlertEvent } from '#server/alerts/alert-events.ts';
import { contactsBeingTold } from '#server/security/seized-phone-guard.ts';
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

/** Delete every account whose deletion waited for its alert or check-in, now over. Returns how many went. */
export async function finishDeferredDeletions(db: Db): Promise<number> {
  const waiting = await db.select({ id: users.id }).from(users).where(isNotNull(users.deletionRequestedAt));
  let deleted = 0;
  for (const { id } of waiting) {
    const gone = await db.transaction(async (tx) => {
      // Locked as an alert request locks it: no alert starts between the look and the deletion.
      const [row] = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, id), isNotNull(users.deletionRequestedAt)))
        .for('no key update');
      if (!row || (await contactsBeingTold(tx, id))) return false;
      return deleteAccount(tx, id);
    });
    if (gone) deleted += 1;
  }
  return deleted;
}
