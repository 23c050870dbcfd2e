import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import { PUSH_SUBSCRIPTIONS_PER_CONTACT, type PushSubscriptionInput } from '#shared/api/push.ts';
import type { Queryable } from '#server/db/client.ts';
import { pushSubscriptions } from '#server/db/schema.ts';

/**
 * Record a phone's subscription for a contact. The same browser subscribing
 * again (same endpoint) updates its keys rather than adding a second phone.
 * Past the limit the oldest phone goes: a contact who changed phones cannot
 * turn the old one off, and the new one must work.
 */
export async function saveSubscription(
  db: Queryable,
  contactId: string,
  subscription: PushSubscriptionInput,
  now: Date,
): Promise<void> {
  const { endpoint, keys } = subscription;
  await db.transaction(async (tx) => {
    // One contact's phones take turns: two subscribing at once cannot both squeeze past the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`push:${contactId}`}))`);
    await tx
      .insert(pushSubscriptions)
      .values({
        contactId,
        endpoint,
        p256dh: keys.p256dh,
        auth: keys.auth,
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: [pushSubscriptions.contactId, pushSubscriptions.endpoint],
        set: { p256dh: keys.p256dh, auth: keys.auth, createdAt: now },
      });
    const newest = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.contactId, contactId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(PUSH_SUBSCRIPTIONS_PER_CONTACT);
    await tx
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.contactId, contactId), notInArray(pushSubscriptions.id, newest)));
  });
}

/** Turn a phone's notifications off for this contact; nothing happens when it was not on. */
export async function removeSubscription(db: Queryable, contactId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.contactId, contactId), eq(pushSubscriptions.endpoint, endpoint)));
}
