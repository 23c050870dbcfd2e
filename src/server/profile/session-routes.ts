import { Hono } from 'hono';
import { listOpenSessions, revokeOtherSessions } from '#server/auth/open-sessions.ts';
import { requireBearer } from '#server/auth/bearer.ts';
import type { AppDeps } from '#server/deps.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { ok } from '#server/http/replies.ts';

/** The profile's list of open sessions and 'Cerrar las demás sesiones' (src/shared/api/sessions.ts). */
export function sessionRoutes(deps: AppDeps) {
  const { db, clock } = deps;
  const bearer = requireBearer(deps);

  return new Hono<AppEnv>()
    .get('/profile/sessions', bearer, async (c) => {
      const { userId, familyId } = c.var.auth;
      return ok(c, await listOpenSessions(db, userId, familyId, clock.now()));
    })
    .post('/profile/sessions/revoke-others', bearer, async (c) => {
      const { userId, familyId } = c.var.auth;
      return ok(c, { revoked: await revokeOtherSessions(db, userId, familyId, clock.now()) });
    });
}
