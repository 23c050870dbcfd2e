import { Hono } from 'hono';
import { detentionInfoSchema, detentionMessages, isAcceptedCountry } from '#shared/api/detention-info.ts';
import { requireBearer } from '#server/auth/bearer.ts';
import type { AppDeps } from '#server/deps.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { invalid, ok } from '#server/http/replies.ts';
import { validateJson } from '#server/http/validate.ts';
import { seizedPhoneGuard } from '#server/pins/seized-phone-guard.ts';
import { deleteDetentionInfo, readDetentionInfo, showDetentionInfo, writeDetentionInfo } from './detention-store.ts';

/**
 * 'Si me detienen': the person's own, shown back exactly as stored; never logged.
 * Replacing or deleting it while the contacts are being told is a guarded action of the
 * alert's lifecycle (seized-phone-guard.ts): the PIN decides whether it is done or pretended.
 */
export function detentionRoutes(deps: AppDeps) {
  const { db, clock, config } = deps;
  const bearer = requireBearer(deps);
  const guarded = seizedPhoneGuard(deps);
  return (
    new Hono<AppEnv>()
      .get('/profile/detention-info', bearer, async (c) =>
        ok(c, await readDetentionInfo(db, config.secret, c.var.auth.userId)),
      )
      // Under the duress PIN the person is shown what they sent; the contacts keep the stored one.
      .put('/profile/detention-info', bearer, validateJson(detentionInfoSchema), async (c) => {
        const info = c.req.valid('json');
        const { userId } = c.var.auth;
        // A country from the list, or the one typed before the list sent back as it was.
        if (
          !isAcceptedCountry(info.birth_country, (await readDetentionInfo(db, config.secret, userId)).birth_country)
        ) {
          return invalid(c, detentionMessages.countryInvalid, { birth_country: [detentionMessages.countryInvalid] });
        }
        return guarded(c, 'replace-detention-info', {
          carryOut: async (tx) => {
            await writeDetentionInfo(tx, config.secret, userId, info, clock.now());
            return ok(c, info);
          },
          pretend: async (tx) => {
            await showDetentionInfo(tx, config.secret, userId, info, clock.now());
            return ok(c, info);
          },
        });
      })
      .delete('/profile/detention-info', bearer, (c) => {
        const { userId } = c.var.auth;
        return guarded(c, 'delete-detention-info', {
          carryOut: async (tx) => {
            await deleteDetentionInfo(tx, userId);
            return ok(c, detentionMessages.deleted);
          },
          pretend: async (tx) => {
            await showDetentionInfo(tx, config.secret, userId, null, clock.now());
            return ok(c, detentionMessages.deleted);
          },
        });
      })
  );
}
