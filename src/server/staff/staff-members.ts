import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { StaffMember, StaffRole } from '#shared/api/staff.ts';
import type { Queryable } from '#server/db/client.ts';
import { deskAudit, staff, staffPasskeys, staffPushSubscriptions, staffSessions } from '#server/db/schema.ts';

// Removals and changes of role take turns: two admins removing (or making responder) each other
// at the same moment would otherwise both see another admin left, and leave none.
const TEAM_CHANGES_LOCK = sql`select pg_advisory_xact_lock(hashtext('desk-staff-removal'))`;

/** Whether this address is the desk's one present admin: without it nobody could manage the team or read the log. */
async function isOnlyAdmin(tx: Queryable, email: string): Promise<boolean> {
  const admins = await tx
    .select({ email: staff.email })
    .from(staff)
    .where(and(eq(staff.role, 'admin'), isNull(staff.removedAt)))
    .limit(2);
  return admins.length === 1 && admins[0]?.email === email.toLowerCase();
}

/**
 * Add a staff member, or give a removed one (or a present one) this role again. The row is
 * kept across removals, so its id in past events and the audit log keeps naming the same person.
 * Never makes the desk's last admin a responder ('last-admin').
 */
export async function addStaff(
  db: Queryable,
  email: string,
  role: StaffRole,
  now: Date,
): Promise<StaffMember | 'last-admin'> {
  return db.transaction(async (tx) => {
    await tx.execute(TEAM_CHANGES_LOCK);
    if (role !== 'admin' && (await isOnlyAdmin(tx, email))) return 'last-admin';
    const [row] = await tx
      .insert(staff)
      .values({ email: email.toLowerCase(), role, createdAt: now })
      .onConflictDoUpdate({ target: staff.email, set: { role, removedAt: null } })
      .returning();
    if (!row) throw new Error('staff insert returned nothing');
    // Back after a removal: the sessions that removal ended go now, so none is told it was removed.
    await tx.delete(staffSessions).where(and(eq(staffSessions.staffId, row.id), lte(staffSessions.expiresAt, now)));
    return { id: row.id, email: row.email, role: row.role, onCall: row.onCall };
  });
}

/**
 * Told to every instance's desk feed (src/server/desk/desk-feed.ts) when a removal commits: the
 * removed person's live stream ends at once, wherever it is connected.
 */
export const SESSIONS_ENDED = { channel: 'desk_feed', payload: 'staff-sessions-ended' } as const;

/** Who removes: a desk admin, or the operator's `npm run staff` on the server (undefined). */
export type Remover = { id: string; email: string } | undefined;

/** How 'Registro' names the operator's `npm run staff`, which has no desk session behind it. */
export const OPERATOR_NAME = 'Servidor (npm run staff)';

export type Removal = 'removed' | 'absent' | 'self' | 'last-admin';

/**
 * Remove a staff member: their sessions end and their passkeys and phones' subscriptions go at
 * once, in one transaction (a phone of someone who left hears of no alert), with a line in the
 * desk's audit log. The sessions are refused from now on but kept, expired, until the hourly
 * clean-up, so that their open desk is told why (checkStaffSession). Never the desk's last admin:
 * nobody could manage the team or read the log.
 */
export async function removeStaff(db: Queryable, email: string, now: Date, by?: Remover): Promise<Removal> {
  return db.transaction(async (tx) => {
    await tx.execute(TEAM_CHANGES_LOCK);
    const [row] = await tx
      .select({ id: staff.id, email: staff.email, role: staff.role })
      .from(staff)
      .where(and(eq(staff.email, email.toLowerCase()), isNull(staff.removedAt)));
    if (!row) return 'absent';
    if (row.id === by?.id) return 'self';
    if (row.role === 'admin' && (await isOnlyAdmin(tx, row.email))) return 'last-admin';
    await tx.update(staff).set({ removedAt: now, onCall: false }).where(eq(staff.id, row.id));
    await tx.update(staffSessions).set({ expiresAt: now }).where(eq(staffSessions.staffId, row.id));
    await tx.delete(staffPasskeys).where(eq(staffPasskeys.staffId, row.id));
    await tx.delete(staffPushSubscriptions).where(eq(staffPushSubscriptions.staffId, row.id));
    // Every instance's open streams check their sessions now, not at their next keep-alive.
    await tx.execute(sql`select pg_notify(${SESSIONS_ENDED.channel}, ${SESSIONS_ENDED.payload})`);
    await tx.insert(deskAudit).values({
      at: now,
      staffId: by?.id ?? null,
      staffEmail: by?.email ?? OPERATOR_NAME,
      action: 'staff-removed',
      subjectEmail: row.email,
    });
    return 'removed';
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
