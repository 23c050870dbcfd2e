import { eq, sql } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { REFRESH_REUSE_GRACE_MS } from '#shared/constants.ts';
import { apiMessages } from '#shared/messages.ts';
import type { AppDeps } from '#server/deps.ts';
import { sessions } from '#server/db/schema.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { fail } from '#server/http/replies.ts';
import { sha256 } from '#server/security/hashing.ts';

/**
 * `Authorization: Bearer <access token>` for every signed-in route. A rotated
 * access token keeps working for the refresh grace, so a request already in
 * flight when the page refreshed does not bounce with a 401.
 */
export function requireBearer({ db, clock }: Pick<AppDeps, 'db' | 'clock'>) {
  // Every signed-in request runs this query: built once, and parsed once per connection by PostgreSQL.
  const sessionByAccessHash = db
    .select()
    .from(sessions)
    .where(eq(sessions.accessHash, sql.placeholder('accessHash')))
    .prepare('session_by_access_hash');
  return createMiddleware<AppEnv>(async (c, next) => {
    const token = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1];
    if (!token) return fail(c, 401, apiMessages.unauthorized);
    const [row] = await sessionByAccessHash.execute({ accessHash: sha256(token) });
    const now = clock.now().getTime();
    const valid =
      row &&
      !row.revokedAt &&
      row.expiresAt.getTime() > now &&
      (!row.rotatedAt || now - row.rotatedAt.getTime() <= REFRESH_REUSE_GRACE_MS);
    if (!valid) return fail(c, 401, apiMessages.unauthorized);
    c.set('auth', { userId: row.userId, sessionId: row.id, familyId: row.familyId });
    await next();
  });
}
