import { and, eq } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { staffPushSubscriptions } from '#server/db/schema.ts';
import type { PhoneTable } from '#server/push/subscriptions.ts';

/**
 * A staff member's phones that turned on 'Recibir avisos en este teléfono'.
 * Saved and removed as a contact's are (push/subscriptions.ts): the same
 * browser again updates its keys, and past the limit the oldest phone goes.
 */
export const staffPhones: PhoneTable<typeof staffPushSubscriptions> = {
  table: staffPushSubscriptions,
  id: staffPushSubscriptions.id,
  owner: staffPushSubscriptions.staffId,
  endpoint: staffPushSubscriptions.endpoint,
  createdAt: staffPushSubscriptions.createdAt,
  row: (staffId, { endpoint, keys }, now) => ({
    staffId,
    endpoint,
    p256dh: keys.p256dh,
    auth: keys.auth,
    createdAt: now,
  }),
  lockPrefix: 'staff-push',
};

/** Whether the server still sends this staff member's avisos to this endpoint (a 410 or another tab may have removed it). */
export async function hasStaffSubscription(db: Queryable, staffId: string, endpoint: string): Promise<boolean> {
  const [row] = await db
    .select({ id: staffPushSubscriptions.id })
    .from(staffPushSubscriptions)
    .where(and(eq(staffPushSubscriptions.staffId, staffId), eq(staffPushSubscriptions.endpoint, endpoint)))
    .limit(1);
  return row !== undefined;
}
