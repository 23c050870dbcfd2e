import { Hono } from 'hono';
import type { Context } from 'hono';
import { activeButtonSchema, endNewsSeenSchema, type ActiveButtonInput } from '#shared/api/active-button.ts';
import { apiMessages } from '#shared/messages.ts';
import { requireBearer } from '#server/auth/bearer.ts';
import type { AppDeps } from '#server/deps.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { invalid, ok } from '#server/http/replies.ts';
import { validateJson } from '#server/http/validate.ts';
import { withoutPin } from '#server/security/pin-check.ts';
import { idempotencyKeyOf, requestBodyHash } from '#server/requests/idempotency.ts';
import { markEndNewsSeen } from './end-news.ts';
import { runAlertRequest } from './lifecycle-executor.ts';

const keyReused = (c: Context) =>
  invalid(c, apiMessages.idempotencyKeyReused, { idempotency_key: [apiMessages.idempotencyKeyReused] });

/**
 * PUT/PATCH /api/active-button (DESIGN.md section 3, step 5). Every request
 * carries an Idempotency-Key made at the press; the lifecycle's executor
 * decides and writes everything (lifecycle-executor.ts), and this maps its
 * outcome to the reply.
 */
export function alertRoutes(deps: AppDeps) {
  const { clock, config, db } = deps;
  const bearer = requireBearer(deps);
  const body = validateJson(activeButtonSchema);

  const handle = async (c: Context<AppEnv, string, { in: object; out: { json: ActiveButtonInput } }>) => {
    const key = idempotencyKeyOf(c);
    if (!key) {
      return invalid(c, apiMessages.idempotencyKeyMissing, { idempotency_key: [apiMessages.idempotencyKeyMissing] });
    }
    const input = c.req.valid('json');
    const { userId } = c.var.auth;
    const bodyHash = requestBodyHash(config.secret, 'alert-request', withoutPin(input));
    const outcome = await runAlertRequest(deps, { userId, key, bodyHash, input, now: clock.now() });
    if (outcome.kind === 'key-reused') return keyReused(c);
    if (outcome.kind === 'pin-refused') return invalid(c, outcome.message, { pin: [outcome.message] });
    return ok(c, outcome.reply);
  };

  return (
    new Hono<AppEnv>()
      .on(['PUT', 'PATCH'], '/active-button', bearer, body, handle)
      .on(['PUT', 'PATCH'], '/active-button/', bearer, body, handle)
      // The app showed what an end told the person: their status stops carrying it (docs/decisions/051).
      .post('/end-news/seen', bearer, validateJson(endNewsSeenSchema), async (c) => {
        await markEndNewsSeen(db, c.var.auth.userId, c.req.valid('json').alert_id, clock.now());
        return ok(c, null);
      })
  );
}
