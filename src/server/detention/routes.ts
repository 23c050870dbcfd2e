import { Hono } from 'hono';
import { detentionInfoSchema, detentionMessages } from '#shared/api/detention-info.ts';
import { requireBearer } from '#server/auth/bearer.ts';
import type { AppDeps } from '#server/deps.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { ok } from '#server/http/replies.ts';
import { validateJson } from '#server/http/validate.ts';
import { deleteDetentionInfo, readDetentionInfo, writeDetentionInfo } from './detention-store.ts';

/** 'Si me detienen': the person's own, shown back exactly as stored; never logged. */
export function detentionRoutes(deps: AppDeps) {
  const { db, clock, config } = deps;
  const bearer = requireBearer(deps);
  return new Hono<AppEnv>()
    .get('/profile/detention-info', bearer, async (c) => ok(c, await readDetentionInfo(db, config.secret, c.var.auth.userId)))
    .put('/profile/detention-info', bearer, validateJson(detentionInfoSchema), async (c) => {
      const info = c.req.valid('json');
      await writeDetentionInfo(db, config.secret, c.var.auth.userId, info, clock.now());
      return ok(c, info);
    })
    .delete('/profile/detention-info', bearer, async (c) => {
      await deleteDetentionInfo(db, c.var.auth.userId);
      return ok(c, detentionMessages.deleted);
    });
}
