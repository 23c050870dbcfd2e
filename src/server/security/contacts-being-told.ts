import { and, eq } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { alerts, checkIns } from '#server/db/schema.ts';

// Read by the deferred deletion (src/server/profile/deferred-deletion.ts) and by
// shown-states.ts, which the alert and check-in routes call: it reads only their
// rows, so it sits below both areas.

/** Whether the contacts are being told now: an active alert (duress-ended or not) or a running check-in. */
export async function contactsBeingTold(tx: Queryable, userId: string): Promise<boolean> {
  const [alert] = await tx
    .select({ id: alerts.id })
    .from(alerts)
    .where(and(eq(alerts.userId, userId), eq(alerts.status, 'active')));
  if (alert) return true;
  const [checkIn] = await tx
    .select({ id: checkIns.id })
    .from(checkIns)
    .where(and(eq(checkIns.userId, userId), eq(checkIns.status, 'running')));
  return Boolean(checkIn);
}
