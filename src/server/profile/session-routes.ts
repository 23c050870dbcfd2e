import { Hono } from 'hono';
import type { Context } from 'hono';
import { listOpenSessions, revokeOtherSessions } from '#server/auth/open-sessions.ts';
import { requireBearer } from '#server/auth/bearer.ts';
import type { Queryable } from '#server/db/client.ts';
import type { AppDeps } from '#server/deps.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { eq } from 'drizzle-orm';
import { users } from '#server/db/schema.ts';
import { ok } from '#server/http/replies.ts';
import { seizedPhoneGuard } from '#server/pins/seized-phone-guard.ts';

/**
 * The profile's list of open sessions and 'Cerrar las demás sesiones' (src/shared/api/sessions.ts),
 * a guarded action of the alert's lifecycle while the contacts are being told (seized-phone-guard.ts): it
 * would cut the owner off.
 */
export function sessionRoutes(deps: AppDeps) {
  const { db, clock } = deps;
  const bearer = requireBearer(deps);
  const guarded = seizedPhoneGuard(deps);
  const shownClosedOf = async (db: Queryable, userId: string) => {
    const [user] = await db
      .select({ by: users.sessionsShownClosedBy, at: users.sessionsShownClosedAt })
      .from(users)
      .where(eq(users.id, userId));
    return user;
  };
  // Under the duress PIN: the count a real revoke would give, and every session stays open; from now
  // on this sign-in's list leaves them out, as it would after a real revoke.
  const pretendRevoke = async (tx: Queryable, c: Context<AppEnv>) => {
    const { userId, familyId } = c.var.auth;
    const now = clock.now();
    const open = await listOpenSessions(tx, userId, familyId, now, await shownClosedOf(tx, userId));
    await tx
      .update(users)
      .set({ sessionsShownClosedBy: familyId, sessionsShownClosedAt: now })
      .where(eq(users.id, userId));
    return ok(c, { revoked: open.filter((session) => !session.current).length });
  };

  return new Hono<AppEnv>()
    .get('/profile/sessions', bearer, async (c) => {
      const { userId, familyId } = c.var.auth;
      return ok(c, await listOpenSessions(db, userId, familyId, clock.now(), await shownClosedOf(db, userId)));
    })
    .post('/profile/sessions/revoke-others', bearer, (c) => {
      const { userId, familyId } = c.var.auth;
      return guarded(c, 'revoke-other-sessions', {
        carryOut: async (tx) => ok(c, { revoked: await revokeOtherSessions(tx, userId, familyId, clock.now()) }),
        pretend: (tx) => pretendRevoke(tx, c),
      });
    });
}
