import { and, asc, eq, isNull } from 'drizzle-orm';
import type { StaffMember, StaffRole } from '#shared/api/staff.ts';
import type { Queryable } from '#server/db/client.ts';
import { staff, staffPasskeys, staffPushSubscriptions, staffSessions } from '#server/db/schema.ts';

/**
 * Add a staff member, or give a removed one (or a present one) this role again. The row is
 * kept across removals, so its id in past events and the audit log keeps naming the same person.
 */
export async function addStaff(db: Queryable, email: string, role: StaffRole, now: Date): Promise<StaffMember> {
  const [row] = await db
    .insert(staff)
    .values({ email: email.toLowerCase(), role, createdAt: now })
    .onConflictDoUpdate({ target: staff.email, set: { role, removedAt: null } })
    .returning();
  if (!row) throw new Error('staff insert returned nothing');
  return { id: row.id, email: row.email, role: row.role, onCall: row.onCall };
}

/**
 * Remove a staff member: their sessions end and their passkeys and phones' subscriptions go at
 * once, in one transaction (a phone of someone who left hears of no alert).
 * Returns false when the address is not (or no longer) on the staff.
 */
export async function removeStaff(db: Queryable, email: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(staff)
      .set({ removedAt: now, onCall: false })
      .where(and(eq(staff.email, email.toLowerCase()), isNull(staff.removedAt)))
      .returning({ id: staff.id });
    if (!row) return false;
    await tx.delete(staffSessions).where(eq(staffSessions.staffId, row.id));
    await tx.delete(staffPasskeys).where(eq(staffPasskeys.staffId, row.id));
    await tx.delete(staffPushSubscriptions).where(eq(staffPushSubscriptions.staffId, row.id));
    return true;
  });
}

/** The present staff, admins first, then by address. */
export async function listStaff(db: Queryable): Promise<StaffMember[]> {
  const rows = await db
    .select({ id: staff.id, email: staff.email, role: staff.role, onCall: staff.onCall })
    .from(staff)
    .where(isNull(staff.removedAt))
    .orderBy(asc(staff.role), asc(staff.email));
  return rows;
}

export async function findStaff(db: Queryable, email: string): Promise<StaffMember | undefined> {
  const [row] = await db
    .select({ id: staff.id, email: staff.email, role: staff.role, onCall: staff.onCall })
    .from(staff)
    .where(and(eq(staff.email, email.toLowerCase()), isNull(staff.removedAt)));
  return row;
}
