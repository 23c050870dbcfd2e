import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import { UNKNOWN_DEVICE } from '#shared/api/sessions.ts';
import type { OpenSession } from '#shared/api/sessions.ts';
import type { Queryable } from '#server/db/client.ts';
import { sessions } from '#server/db/schema.ts';
import { lockAccountSessions } from './refresh.ts';

/**
 * The account's open sessions: per family, its newest pair (not rotated, not
 * revoked, not expired) stands for the whole sign-in, and carries its device
 * and start (copied at every rotation).
 */
export async function listOpenSessions(
  db: Queryable,
  userId: string,
  currentFamilyId: string,
  now: Date,
  /** The sessions this sign-in was shown closed (with the duress PIN): those begun by then are left out of its list. */
  shownClosed?: { by: string | null; at: Date | null },
): Promise<OpenSession[]> {
  const hiddenUpTo = shownClosed?.by === currentFamilyId ? shownClosed.at : null;
  const rows = await db
    .select({
      familyId: sessions.familyId,
      device: sessions.device,
      startedAt: sessions.startedAt,
      issuedAt: sessions.issuedAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        isNull(sessions.rotatedAt),
        gt(sessions.expiresAt, now),
      ),
    )
    .orderBy(desc(sessions.issuedAt));
  const seen = new Set<string>();
  const open = rows
    .filter((row) => !seen.has(row.familyId) && seen.add(row.familyId))
    .filter((row) => !hiddenUpTo || row.familyId === currentFamilyId || (row.startedAt ?? row.issuedAt) > hiddenUpTo)
    .map((row) => ({
      id: row.familyId,
      device: row.device ?? UNKNOWN_DEVICE,
      started_at: (row.startedAt ?? row.issuedAt).toISOString(),
      last_used_at: (row.lastUsedAt ?? row.issuedAt).toISOString(),
      current: row.familyId === currentFamilyId,
    }));
  return open.sort((a, b) => Number(b.current) - Number(a.current) || b.last_used_at.localeCompare(a.last_used_at));
}

/**
 * Revoke every family of the account but the caller's: their access tokens get
 * 401 at the next request (bearer.ts reads `revoked_at`) and their refresh
 * tokens no longer rotate. Returns how many sessions were closed.
 */
export async function revokeOtherSessions(
  db: Queryable,
  userId: string,
  keepFamilyId: string,
  now: Date,
): Promise<number> {
  // Inside the caller's transaction: serialised with every refresh of the account (refresh.ts).
  await lockAccountSessions(db, userId);
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: now, successorSealed: null })
    .where(and(eq(sessions.userId, userId), ne(sessions.familyId, keepFamilyId), isNull(sessions.revokedAt)))
    .returning({ familyId: sessions.familyId, rotatedAt: sessions.rotatedAt, expiresAt: sessions.expiresAt });
  // Count sessions, not rows: each family's newest, still-valid pair.
  return new Set(revoked.filter((row) => !row.rotatedAt && row.expiresAt > now).map((row) => row.familyId)).size;
}
