import { eq, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { firmConsentSchema, type FirmConsentInput } from '#shared/api/firm-consent.ts';
import { apiMessages } from '#shared/messages.ts';
import { requireBearer } from '#server/auth/bearer.ts';
import { users } from '#server/db/schema.ts';
import type { AppDeps } from '#server/deps.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { fail, ok } from '#server/http/replies.ts';
import { validateJson } from '#server/http/validate.ts';
import { seizedPhoneGuard } from '#server/security/seized-phone-guard.ts';
import { toProfile } from './profile-reply.ts';

type Json = { out: { json: FirmConsentInput } };

/**
 * 'Compartir mis alertas con {FIRM_NAME}' (src/server/desk/consent.ts). Turning it off while the
 * contacts are being told would take the firm off the case: it asks for the PIN, and under the
 * duress PIN the person is shown it off while the desk keeps seeing the alert.
 */
export function firmConsentRoutes(deps: AppDeps) {
  const { db, clock } = deps;
  const bearer = requireBearer(deps);
  const guard = seizedPhoneGuard(deps);

  const reply = async (c: Context<AppEnv>, changes: PgUpdateSetSource<typeof users>) => {
    const [user] = await db
      .update(users)
      .set({ ...changes, firmConsentAskedAt: clock.now() })
      .where(eq(users.id, c.var.auth.userId))
      .returning();
    return user ? ok(c, toProfile(user)) : fail(c, 401, apiMessages.unauthorized);
  };

  return new Hono<AppEnv>().put(
    '/profile/firm-consent',
    bearer,
    validateJson(firmConsentSchema),
    guard<Json>((c) => reply(c, { firmConsentShownOffAt: clock.now() }), {
      when: (c) => !c.req.valid('json').share,
    }),
    async (c) => {
      if (!c.req.valid('json').share) return reply(c, { firmConsentAt: null, firmConsentShownOffAt: null });
      // Turning it on again keeps the first moment: the desk's view of the person does not restart.
      return reply(c, {
        firmConsentAt: sql`coalesce(${users.firmConsentAt}, ${clock.now()})`,
        firmConsentShownOffAt: null,
      });
    },
  );
}
