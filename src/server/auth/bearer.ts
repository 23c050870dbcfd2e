import { createMiddleware } from 'hono/factory';
import type pg from 'pg';
import { REFRESH_REUSE_GRACE_MS } from '#shared/constants.ts';
import { apiMessages } from '#shared/messages.ts';
import { batched } from '#server/db/batched.ts';
import type { AppDeps, SessionLookup, StoredSession } from '#server/deps.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { fail } from '#server/http/replies.ts';
import { sha256 } from '#server/security/hashing.ts';
import { isStaffToken } from './staff-token.ts';

// Every signed-in request runs this query: plain SQL with a name, planned once per
// connection, and no query builder on the way (docs/decisions/011).
// Requests that arrive together share one (batched.ts): under load, one round trip
// for dozens of them instead of one each.
const SESSIONS_BY_ACCESS_HASH = {
  name: 'sessions_by_access_hash',
  text: `select access_hash as "accessHash", id, user_id as "userId", family_id as "familyId", expires_at as "expiresAt",
      rotated_at as "rotatedAt", revoked_at as "revokedAt", last_used_at as "lastUsedAt"
    from sessions where access_hash = any($1::text[])`,
};

const TOUCH_SESSION = { name: 'touch_session', text: 'update sessions set last_used_at = $2 where id = $1' };

/** 'Last used' in the profile's list of sessions is this precise: one write per session at most this often. */
const LAST_USED_PRECISION_MS = 10 * 60_000;

/** The app's session lookup (AppDeps.sessionLookup): one query for the lookups of the same moment. */
export function createSessionLookup(pool: pg.Pool): SessionLookup {
  return batched(
    async (hashes: string[]) => {
      const { rows } = await pool.query<StoredSession>({ ...SESSIONS_BY_ACCESS_HASH, values: [hashes] });
      const byHash = new Map(rows.map((row) => [row.accessHash, row]));
      return hashes.map((hash) => byHash.get(hash));
    },
    { maxBatch: 200, maxInFlight: 4 },
  );
}

/**
 * `Authorization: Bearer <access token>` for every signed-in route. A rotated
 * access token keeps working for the refresh grace, so a request already in
 * flight when the page refreshed does not bounce with a 401.
 */
export function requireBearer({ db, clock, sessionLookup: lookup }: Pick<AppDeps, 'db' | 'clock' | 'sessionLookup'>) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (!token) return fail(c, 401, apiMessages.unauthorized);
    const row = await lookup(sha256(token));
    const now = clock.now().getTime();
    const valid =
      row &&
      !row.revokedAt &&
      row.expiresAt.getTime() > now &&
      (!row.rotatedAt || now - row.rotatedAt.getTime() <= REFRESH_REUSE_GRACE_MS);
    if (!valid) {
      // A desk token is no person's session: 403, so the desk shows "not yours" rather than a sign-out.
      // Only on this path, never on a person's own request.
      if (!row && (await isStaffToken(db, token))) return fail(c, 403, apiMessages.forbidden);
      return fail(c, 401, apiMessages.unauthorized);
    }
    c.set('auth', { userId: row.userId, sessionId: row.id, familyId: row.familyId });
    // Beside the handler, not before it, so the request (an SOS above all) does not wait
    // on it; awaited before the reply leaves, so the next request reads it. A failed write
    // only leaves 'last used' a little older: it must not turn the reply into an error.
    // A refreshed pair's first request is recorded at once, whatever the precision: it tells a later
    // refresh with the token it replaced that this pair reached the phone (refresh.ts).
    const touched =
      row.lastUsedAt === null || now - row.lastUsedAt.getTime() >= LAST_USED_PRECISION_MS
        ? db.$client.query({ ...TOUCH_SESSION, values: [row.id, new Date(now)] }).catch(() => undefined)
        : undefined;
    await next();
    await touched;
  });
}
