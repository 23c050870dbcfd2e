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
