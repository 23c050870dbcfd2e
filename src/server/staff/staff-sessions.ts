import { eq, lt, or } from 'drizzle-orm';
import type { StaffRole } from '#shared/api/staff.ts';
import type { Queryable } from '#server/db/client.ts';
import { staff, staffChallenges, staffSessions } from '#server/db/schema.ts';
import { randomToken, sha256 } from '#server/security/hashing.ts';

/** A desk session lasts at most this long from the sign-in... */
export const STAFF_SESSION_MAX_MS = 12 * 60 * 60_000;
/** ...and ends sooner when nothing was asked of the desk for this long. */
export const STAFF_SESSION_IDLE_MS = 30 * 60_000;
/** `last_seen_at` is written at most this often per session: idle time is measured to this precision. */
export const STAFF_SEEN_PRECISION_MS = 60_000;

export type StaffIdentity = { id: string; email: string; role: StaffRole };

export type StaffSession = { token: string; sessionId: string; expiresAt: Date };

/**
 * Open a desk session for a staff member. The passkey sign-in (and the first enrolment) call
 * this, and nothing else does: test/support/staff.ts uses it too, so tests hold real tokens.
 */
export async function startStaffSession(db: Queryable, staffId: string, now: Date): Promise<StaffSession> {
  const token = randomToken();
  const expiresAt = new Date(now.getTime() + STAFF_SESSION_MAX_MS);
  const [row] = await db
    .insert(staffSessions)
    .values({ tokenHash: sha256(token), staffId, createdAt: now, lastSeenAt: now, expiresAt })
    .returning({ id: staffSessions.id });
  if (!row) throw new Error('staff session insert returned nothing');
  return { token, sessionId: row.id, expiresAt };
}

/** Why a session the token names ended, when the server still knows (a signed-out token is simply gone). */
export type StaffSessionEnd = 'removed' | 'idle' | 'expired';

export type StaffSessionCheck =
  | { kind: 'valid'; sessionId: string; staff: StaffIdentity }
  /** No such token, or it ended (12 h, idle, signed out, staff removed), with why when known. */
  | { kind: 'none'; ended?: StaffSessionEnd };

/**
 * The staff member behind a desk token at `now`, and the idle clock moved on. An ended session
 * is deleted on the way, so a token once refused stays refused even if the clock were set back.
 * A removed staff member's sessions are refused but kept, already expired (removeStaff), until the
 * hourly clean-up: every request of their still open desk is told why, not only the first.
 */
export async function checkStaffSession(db: Queryable, token: string, now: Date): Promise<StaffSessionCheck> {
  const [row] = await db
    .select({
      sessionId: staffSessions.id,
      lastSeenAt: staffSessions.lastSeenAt,
      expiresAt: staffSessions.expiresAt,
      id: staff.id,
      email: staff.email,
      role: staff.role,
      removedAt: staff.removedAt,
    })
    .from(staffSessions)
    .innerJoin(staff, eq(staff.id, staffSessions.staffId))
    .where(eq(staffSessions.tokenHash, sha256(token)));
  if (!row) return { kind: 'none' };
  if (row.removedAt) return { kind: 'none', ended: 'removed' };
  const at = now.getTime();
  const idle = at - row.lastSeenAt.getTime() >= STAFF_SESSION_IDLE_MS;
  if (at >= row.expiresAt.getTime() || idle) {
    await db.delete(staffSessions).where(eq(staffSessions.id, row.sessionId));
    return { kind: 'none', ended: at >= row.expiresAt.getTime() ? 'expired' : 'idle' };
  }
  if (at - row.lastSeenAt.getTime() >= STAFF_SEEN_PRECISION_MS) {
    await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, row.sessionId));
  }
  return { kind: 'valid', sessionId: row.sessionId, staff: { id: row.id, email: row.email, role: row.role } };
}

/** What a bearer token is to the desk: a person's live session is told apart (403, not 401). */
export type StaffTokenCheck = StaffSessionCheck | { kind: 'person' };

/** Sign-out: the token stops working at once. */
export async function endStaffSession(db: Queryable, sessionId: string): Promise<void> {
  await db.delete(staffSessions).where(eq(staffSessions.id, sessionId));
}

/** The hourly clean-up (src/server/retention/prune.ts): ended desk sessions and unanswered challenges. */
export async function pruneStaffAccess(db: Queryable, now: Date): Promise<void> {
  const idleSince = new Date(now.getTime() - STAFF_SESSION_IDLE_MS);
  await db.delete(staffSessions).where(or(lt(staffSessions.expiresAt, now), lt(staffSessions.lastSeenAt, idleSince)));
  await db.delete(staffChallenges).where(lt(staffChallenges.expiresAt, now));
}
