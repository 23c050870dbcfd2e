import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import { PUSH_SUBSCRIPTIONS_PER_CONTACT, type PushSubscriptionInput } from '#shared/api/push.ts';
import type { Queryable } from '#server/db/client.ts';
import { staffPushSubscriptions } from '#server/db/schema.ts';

/**
 * A staff member's phone that turned on 'Recibir avisos en este teléfono'. As a
 * contact's: the same browser again updates its keys, and past the limit the
 * oldest phone goes (a changed phone cannot turn the old one off).
 */
export async function saveStaffSubscription(
  db: Queryable,
  staffId: string,
  { endpoint, keys }: PushSubscriptionInput,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    // One staff member's phones take turns: two subscribing at once cannot both squeeze past the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`staff-push:${staffId}`}))`);
    await tx
      .insert(staffPushSubscriptions)
      .values({ staffId, endpoint, p256dh: keys.p256dh, auth: keys.auth, createdAt: now })
      .onConflictDoUpdate({
        target: [staffPushSubscriptions.staffId, staffPushSubscriptions.endpoint],
        set: { p256dh: keys.p256dh, auth: keys.auth, createdAt: now },
      });
    const newest = tx
      .select({ id: staffPushSubscriptions.id })
      .from(staffPushSubscriptions)
      .where(eq(staffPushSubscriptions.staffId, staffId))
      .orderBy(desc(staffPushSubscriptions.createdAt), desc(staffPushSubscriptions.id))
      .limit(PUSH_SUBSCRIPTIONS_PER_CONTACT);
    await tx
      .delete(staffPushSubscriptions)
      .where(and(eq(staffPushSubscriptions.staffId, staffId), notInArray(staffPushSubscriptions.id, newest)));
  });
}

/** 'Recibir avisos en este teléfono' off; nothing happens when it was not on. */
export async function removeStaffSubscription(db: Queryable, staffId: string, endpoint: string): Promise<void> {
  await db
    .delete(staffPushSubscriptions)
    .where(and(eq(staffPushSubscriptions.staffId, staffId), eq(staffPushSubscriptions.endpoint, endpoint)));
}

/** Whether the server still sends this staff member's avisos to this endpoint (a 410 or another tab may have removed it). */
export async function hasStaffSubscription(db: Queryable, staffId: string, endpoint: string): Promise<boolean> {
  const [row] = await db
    .select({ id: staffPushSubscriptions.id })
    .from(staffPushSubscriptions)
    .where(and(eq(staffPushSubscriptions.staffId, staffId), eq(staffPushSubscriptions.endpoint, endpoint)))
    .limit(1);
  return row !== undefined;
}
