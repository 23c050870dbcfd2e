import { Hono } from 'hono';
import { detentionInfoSchema, detentionMessages, type DetentionInfo } from '#shared/api/detention-info.ts';
import { requireBearer } from '#server/auth/bearer.ts';
import type { AppDeps } from '#server/deps.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { ok } from '#server/http/replies.ts';
import { validateJson } from '#server/http/validate.ts';
import { seizedPhoneGuard } from '#server/pins/seized-phone-guard.ts';
import { deleteDetentionInfo, readDetentionInfo, showDetentionInfo, writeDetentionInfo } from './detention-store.ts';

/**
 * 'Si me detienen': the person's own, shown back exactly as stored; never logged.
 * Replacing or deleting it while the contacts are being told asks for the PIN (seized-phone-guard.ts).
 */
export function detentionRoutes(deps: AppDeps) {
  const { db, clock, config } = deps;
  const bearer = requireBearer(deps);
  const guard = seizedPhoneGuard(deps);
  return new Hono<AppEnv>()
    .get('/profile/detention-info', bearer, async (c) =>
      ok(c, await readDetentionInfo(db, config.secret, c.var.auth.userId)),
    )
    .put(
      '/profile/detention-info',
      bearer,
      validateJson(detentionInfoSchema),
      // Under the duress PIN the person is shown what they sent; the contacts keep the stored one.
      guard<{ out: { json: DetentionInfo } }>(async (c) => {
        const info = c.req.valid('json');
        await showDetentionInfo(db, config.secret, c.var.auth.userId, info, clock.now());
        return ok(c, info);
      }),
      async (c) => {
        const info = c.req.valid('json');
        await writeDetentionInfo(db, config.secret, c.var.auth.userId, info, clock.now());
        return ok(c, info);
      },
    )
    .delete(
      '/profile/detention-info',
      bearer,
      guard(async (c) => {
        await showDetentionInfo(db, config.secret, c.var.auth.userId, null, clock.now());
        return ok(c, detentionMessages.deleted);
      }),
      async (c) => {
        await deleteDetentionInfo(db, c.var.auth.userId);
        return ok(c, detentionMessages.deleted);
      },
    );
}
