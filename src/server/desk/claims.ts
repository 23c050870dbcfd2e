import { and, eq, isNull } from 'drizzle-orm';
import type { DeskOutcome } from '#shared/api/desk.ts';
import { recordAlertEvent } from '#server/alerts/alert-events.ts';
import type { Queryable } from '#server/db/client.ts';
import { deskCases, staff } from '#server/db/schema.ts';
import type { StaffIdentity } from '#server/staff/staff-sessions.ts';

export type ClaimResult = { kind: 'claimed' } | { kind: 'already-yours' } | { kind: 'taken'; by: string };

/** 'Atender': the case is this staff member's if nobody holds it (claimIfFree); else who holds it. */
export async function claimCase(
  db: Queryable,
  alert: { id: string; userId: string },
  who: StaffIdentity,
  now: Date,
): Promise<ClaimResult> {
  return db.transaction(async (tx) => {
    if (await claimIfFree(tx, alert, who, now)) return { kind: 'claimed' };
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
 * 'Cerrar caso': once. A case nobody claimed is claimed by whoever closes it. False when it was
 * already closed.
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
    await claimIfFree(tx, alert, who, now);
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

/**
 * The first claim makes the case row, with its 'desk-claimed' line of the alert's timeline; a claim
 * racing it finds the row and does nothing (one INSERT ... ON CONFLICT DO NOTHING, so exactly one
 * staff member wins). Whether this one won. Inside the caller's transaction.
 */
async function claimIfFree(
  tx: Queryable,
  alert: { id: string; userId: string },
  who: StaffIdentity,
  now: Date,
): Promise<boolean> {
  const won = await tx
    .insert(deskCases)
    .values({ alertId: alert.id, claimedBy: who.id, claimedAt: now })
    .onConflictDoNothing({ target: deskCases.alertId })
    .returning({ alertId: deskCases.alertId });
  if (won.length === 0) return false;
  await recordAlertEvent(tx, {
    userId: alert.userId,
    alertId: alert.id,
    actor: 'staff',
    kind: 'desk-claimed',
    at: now,
    detail: { staffId: who.id },
  });
  return true;
}
