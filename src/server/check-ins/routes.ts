import { Hono } from 'hono';
import type { Context } from 'hono';
import { checkInStartSchema, checkInUpdateSchema } from '#shared/api/check-ins.ts';
import { apiMessages } from '#shared/messages.ts';
import { lockUserForAlert, type LockedUser } from '#server/alerts/alert-actions.ts';
import { runCheckInStart, runCheckInUpdate, type CheckInOutcome } from '#server/alerts/lifecycle-executor.ts';
import { requireBearer } from '#server/auth/bearer.ts';
import type { Queryable } from '#server/db/client.ts';
import type { AppDeps } from '#server/deps.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { invalid, ok } from '#server/http/replies.ts';
import { validateJson } from '#server/http/validate.ts';
import { withoutPin } from '#server/security/pin-check.ts';
import { earlierRequest, idempotencyKeyOf, recordRequest, requestBodyHash } from '#server/requests/idempotency.ts';
import { currentCheckIn } from '#server/alerts/check-in-effects.ts';
import { shownCheckIn, toCheckIn } from '#server/alerts/check-in-reply.ts';

/** A reply as first given: replayed as is for the same (person, key). */
type StoredReply = { status: 200 | 404 | 409; message: unknown };

type Handled = StoredReply | Extract<CheckInOutcome, { invalid: unknown }>;

/**
 * 'Avísales si no vuelvo' (src/shared/api/check-ins.ts). Every write takes the
 * person's row first (as every alert request does), then the check-in: the
 * firing worker takes both SKIP LOCKED and never waits on these. Each request's
 * first reply is kept under its Idempotency-Key, so the offline queue's replays
 * change nothing.
 */
export function checkInRoutes(deps: AppDeps) {
  const { db, clock, config, log } = deps;
  const bearer = requireBearer(deps);
  const reminderMs = config.checkIns.reminderMs;
  const effectDeps = (tx: Queryable, user: LockedUser, now: Date) => ({
    tx,
    config,
    userId: user.id,
    now,
    log,
    reminderMs,
  });

  async function idempotent(
    c: Context<AppEnv>,
    route: string,
    input: object & { pin?: unknown },
    apply: (tx: Queryable, user: LockedUser, now: Date) => Promise<Handled>,
  ) {
    const key = idempotencyKeyOf(c);
    if (!key) {
      return invalid(c, apiMessages.idempotencyKeyMissing, { idempotency_key: [apiMessages.idempotencyKeyMissing] });
    }
    const { userId } = c.var.auth;
    const bodyHash = requestBodyHash(config.secret, `check-in-request:${route}`, withoutPin(input));
    const handled = await db.transaction(async (tx): Promise<Handled> => {
      const user = await lockUserForAlert(tx, userId);
      const earlier = await earlierRequest<StoredReply>(tx, 'check-in', userId, key, bodyHash);
      if (earlier.kind === 'replay') return earlier.reply;
      if (earlier.kind === 'mismatch') {
        return {
          invalid: {
            message: apiMessages.idempotencyKeyReused,
            errors: { idempotency_key: [apiMessages.idempotencyKeyReused] },
          },
        };
      }
      const now = clock.now();
      const reply = await apply(tx, user, now);
      // A 422 is not stored: the same key may come back with what was missing.
      if ('status' in reply) await recordRequest(tx, 'check-in', { userId, key, bodyHash, reply, now });
      return reply;
    });
    if ('invalid' in handled) return invalid(c, handled.invalid.message, handled.invalid.errors);
    return c.json({ success: handled.status === 200, message: handled.message }, handled.status);
  }

  return new Hono<AppEnv>()
    .post('/check-ins', bearer, validateJson(checkInStartSchema), (c) => {
      const input = c.req.valid('json');
      return idempotent(c, 'start', input, (tx, user, now) => runCheckInStart(effectDeps(tx, user, now), user, input));
    })
    .get('/check-ins/current', bearer, async (c) => {
      const row = await currentCheckIn(db, c.var.auth.userId, false);
      const shown = row && shownCheckIn(row);
      return ok(c, shown ? toCheckIn(shown, reminderMs) : null);
    })
    .put('/check-ins/current', bearer, validateJson(checkInUpdateSchema), (c) => {
      const input = c.req.valid('json');
      return idempotent(c, 'update', input, (tx, user, now) =>
        runCheckInUpdate(effectDeps(tx, user, now), user, input),
      );
    });
}
