import { and, eq, gt, isNull } from 'drizzle-orm';
import { REFRESH_REUSE_GRACE_MS } from '#shared/constants.ts';
import type { Queryable } from '#server/db/client.ts';
import { sessions, users } from '#server/db/schema.ts';
import { seal, sha256, unseal } from '#server/security/hashing.ts';
import { issueTokens } from './tokens.ts';
import type { TokenPair } from './tokens.ts';

export type RefreshOutcome = { ok: true; userId: string; tokens: TokenPair } | { ok: false };

/**
 * Rotation with a grace (docs/decisions/046). At rotation, the successor pair is sealed (AES-GCM)
 * under a key derived from SECRET plus the *old refresh token* and kept on the old row. Only
 * someone presenting that old token can open it, and the database alone never holds a usable
 * token. The old token gets the same pair back:
 * - for 60 seconds, whatever happened (the page and the service worker may race with it);
 * - after that, for as long as the successor pair was never used (no signed-in request with its
 *   access token, never refreshed itself): the phone died, or the browser was killed, between
 *   the server's rotation and its own write, and still holds only the old token. Without this, a
 *   phone that lost that one write would be signed out for good, and SOS would need e-mail, a
 *   code and signal.
 * Presenting the old token once the successor was used means it was stolen or replayed, so the
 * whole family is revoked.
 */
export async function rotateRefreshToken(
  db: Queryable,
  secret: string,
  refreshToken: string,
  now: Date,
): Promise<RefreshOutcome> {
  const [owner] = await db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(eq(sessions.refreshHash, sha256(refreshToken)));
  if (!owner) return { ok: false };
  await lockAccountSessions(db, owner.userId);
  const [row] = await db
    .select()
    .from(sessions)
    .where(eq(sessions.refreshHash, sha256(refreshToken)))
    .for('update');
  if (!row || row.revokedAt || row.expiresAt <= now) return { ok: false };
  const key = `${secret}:${refreshToken}`;

  if (!row.rotatedAt) {
    // Sessions from before devices were recorded started, at the latest, when this row was issued.
    const tokens = await issueTokens(
      db,
      row.userId,
      now,
      { familyId: row.familyId, device: row.device, startedAt: row.startedAt ?? row.issuedAt },
      { unused: true },
    );
    await db
      .update(sessions)
      .set({ rotatedAt: now, successorSealed: seal(key, JSON.stringify(tokens)) })
      .where(eq(sessions.id, row.id));
    return { ok: true, userId: row.userId, tokens };
  }

  const withinGrace = now.getTime() - row.rotatedAt.getTime() <= REFRESH_REUSE_GRACE_MS;
  const opened = row.successorSealed ? unseal(key, row.successorSealed) : undefined;
  if (opened) {
    const saved = JSON.parse(opened) as {
      sessionId: string;
      accessToken: string;
      refreshToken: string;
      issuedAt: string;
      expiresAt: string;
    };
    // The successor may itself have been revoked (logout) meanwhile.
    const [live] = await db
      .select({ rotatedAt: sessions.rotatedAt, lastUsedAt: sessions.lastUsedAt })
      .from(sessions)
      .where(and(eq(sessions.id, saved.sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, now)));
    if (!live && withinGrace) return { ok: false };
    const neverUsed = live !== undefined && live.rotatedAt === null && live.lastUsedAt === null;
    if (live && (withinGrace || neverUsed)) {
      return {
        ok: true,
        userId: row.userId,
        tokens: { ...saved, issuedAt: new Date(saved.issuedAt), expiresAt: new Date(saved.expiresAt) },
      };
    }
  }

  await revokeFamily(db, row.familyId, now);
  return { ok: false };
}

/**
 * A rotation and 'Cerrar las demás sesiones' take the account's row first, in the
 * same mode, inside their transactions: a refresh in flight either finishes
 * before the revoke (whose update then sees its new pair) or starts after it (and
 * finds its row revoked). Without it, a pair issued during the revoke escaped it.
 * The mode is the alert requests' (lockUserForAlert): it never blocks the inserts
 * that reference the row.
 */
export async function lockAccountSessions(db: Queryable, userId: string): Promise<void> {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

export async function revokeFamily(db: Queryable, familyId: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now, successorSealed: null })
    .where(and(eq(sessions.familyId, familyId), isNull(sessions.revokedAt)));
}
