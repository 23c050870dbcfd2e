import { and, isNotNull, lt, or } from 'drizzle-orm';
import { CODE_TTL_MS } from '#shared/constants.ts';
import type { Db } from './client.ts';
import { alertRequests, rateLimits, sessions, verifications } from './schema.ts';

const DAY = 24 * 60 * 60_000;

/**
 * Delete rows nobody can use any more: old rate-limit windows, expired codes,
 * idempotency keys of alert requests after 30 days,
 * and sessions that ended over a week ago (kept that long so a late replay of a
 * rotated token still finds its family and gets it revoked, not merely unknown).
 */
export async function pruneExpired(db: Db, now: Date): Promise<void> {
  const ms = now.getTime();
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(ms - DAY)));
  await db.delete(verifications).where(lt(verifications.expiresAt, new Date(ms - CODE_TTL_MS)));
  const weekAgo = new Date(ms - 7 * DAY);
  await db
    .delete(sessions)
    .where(or(lt(sessions.expiresAt, weekAgo), and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, weekAgo))));
  // The phone keeps a queued press for 7 days; its key must outlive it, so a late replay is still recognised.
  await db.delete(alertRequests).where(lt(alertRequests.createdAt, new Date(ms - 30 * DAY)));
}
