import { and, eq, isNull } from 'drizzle-orm';
import type { DeskOutcome } from '#shared/api/desk.ts';
import { recordAlertEvent } from '#server/alerts/alert-events.ts';
import type { Queryable } from '#server/db/client.ts';
import { deskCases, staff } from '#server/db/schema.ts';
import type { StaffIdentity } from '#server/staff/staff-sessions.ts';

export type ClaimResult = { kind: 'claimed' } | { kind: 'already-yours' } | { kind: 'taken'; by: string };

/**
 * 'Atender': the first claim makes the case row; a claim racing it finds the row and loses
 * (one INSERT ... ON CONFLICT DO NOTHING, so exactly one staff member wins). The winner's claim is
 * a line of the alert's timeline, in the same transaction.
 */
export async function claimCase(
  db: Queryable,
  alert: { id: string; userId: string },
  who: StaffIdentity,
  now: Date,
): Promise<ClaimResult> {
  return db.transaction(async (tx) => {
    const won = await tx
      .insert(deskCases)
      .values({ alertId: alert.id, claimedBy: who.id, claimedAt: now })
      .onConflictDoNothing({ target: deskCases.alertId })
      .returning({ alertId: deskCases.alertId });
    if (won.length === 1) {
      await recordAlertEvent(tx, {
        userId: alert.userId,
        alertId: alert.id,
        actor: 'staff',
        kind: 'desk-claimed',
        at: now,
        detail: { staffId: who.id },
      });
      return { kind: 'claimed' };
    }
    const [holder] = await tx
      .select({ id: deskCases.claimedBy, email: staff.email })
      .from(deskCases)
      .innerJoin(staff, eq(staff.id, deskCases.claimedBy))
      .where(eq(deskCases.alertId, alert.id));
    if (holder?.id === who.id) return { kind: 'already-yours' };
    return { kind: 'taken', by: holder?.email ?? '' };
  });
}

/**
 * 'Cerrar caso': once. A case nobody claimed is claimed by whoever closes it. Undefined when it
 * was already closed.
 */
export async function closeCase(
  db: Queryable,
  alert: { id: string; userId: string },
  who: StaffIdentity,
  outcome: DeskOutcome,
  note: string,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(deskCases)
      .values({ alertId: alert.id, claimedBy: who.id, claimedAt: now })
      .onConflictDoNothing({ target: deskCases.alertId })
      .returning({ alertId: deskCases.alertId });
    if (claimed.length === 1)
      await recordAlertEvent(tx, {
        userId: alert.userId,
        alertId: alert.id,
        actor: 'staff',
        kind: 'desk-claimed',
        at: now,
        detail: { staffId: who.id },
      });
    const closed = await tx
      .update(deskCases)
      .set({ closedBy: who.id, closedAt: now, outcome, closeNote: note })
      .where(and(eq(deskCases.alertId, alert.id), isNull(deskCases.closedAt)))
      .returning({ alertId: deskCases.alertId });
    if (closed.length === 0) return false;
    await recordAlertEvent(tx, {
      userId: alert.userId,
      alertId: alert.id,
      actor: 'staff',
      kind: 'desk-closed',
      at: now,
      detail: { staffId: who.id, outcome },
    });
    return true;
  });
}
