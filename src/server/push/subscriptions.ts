import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { PUSH_SUBSCRIPTIONS_PER_CONTACT, type PushSubscriptionInput } from '#shared/api/push.ts';
import type { Queryable } from '#server/db/client.ts';
import { pushSubscriptions } from '#server/db/schema.ts';

/**
 * A table of phones that turned notifications on, one owner's (a contact's or a
 * staff member's) phones told apart by `owner`. Both tables have the same
 * columns but for the owner's, so one save and one removal serve them.
 */
export interface PhoneTable<T extends PgTable> {
  table: T;
  id: PgColumn;
  owner: PgColumn;
  endpoint: PgColumn;
  createdAt: PgColumn;
  /** The row for this owner's phone, as inserted and as updated when the phone subscribes again. */
  row: (ownerId: string, subscription: PushSubscriptionInput, now: Date) => T['$inferInsert'];
  /** Names this table's advisory lock, so the two tables' owners never wait for each other. */
  lockPrefix: string;
}

/** A contact's phones, reached by the person's SOS. */
export const contactPhones: PhoneTable<typeof pushSubscriptions> = {
  table: pushSubscriptions,
  id: pushSubscriptions.id,
  owner: pushSubscriptions.contactId,
  endpoint: pushSubscriptions.endpoint,
  createdAt: pushSubscriptions.createdAt,
  row: (contactId, { endpoint, keys }, now) => ({
    contactId,
    endpoint,
    p256dh: keys.p256dh,
    auth: keys.auth,
    createdAt: now,
  }),
  lockPrefix: 'push',
};

/**
 * Record a phone's subscription for its owner. The same browser subscribing
 * again (same endpoint) updates its keys rather than adding a second phone.
 * Past the limit the oldest phone goes: someone who changed phones cannot turn
 * the old one off, and the new one must work.
 */
export async function saveSubscription<T extends PgTable>(
  db: Queryable,
  phones: PhoneTable<T>,
  ownerId: string,
  subscription: PushSubscriptionInput,
  now: Date,
): Promise<void> {
  const row = phones.row(ownerId, subscription, now);
  await db.transaction(async (tx) => {
    // One owner's phones take turns: two subscribing at once cannot both squeeze past the limit.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${phones.lockPrefix}:${ownerId}`}))`);
    // The owner and endpoint are the conflict's own values, so updating with the whole row changes the keys and time only.
    await tx
      .insert(phones.table)
      .values(row)
      .onConflictDoUpdate({ target: [phones.owner, phones.endpoint], set: row });
    const newest = tx
      .select({ id: phones.id })
      .from<PgTable>(phones.table)
      .where(eq(phones.owner, ownerId))
      .orderBy(desc(phones.createdAt), desc(phones.id))
      .limit(PUSH_SUBSCRIPTIONS_PER_CONTACT);
    await tx.delete(phones.table).where(and(eq(phones.owner, ownerId), notInArray(phones.id, newest)));
  });
}

/** Turn a phone's notifications off for its owner; nothing happens when it was not on. */
export async function removeSubscription<T extends PgTable>(
  db: Queryable,
  phones: PhoneTable<T>,
  ownerId: string,
  endpoint: string,
): Promise<void> {
  await db.delete(phones.table).where(and(eq(phones.owner, ownerId), eq(phones.endpoint, endpoint)));
}
