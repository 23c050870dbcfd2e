import { Hono } from 'hono';
import type { Context } from 'hono';
import {
  ALERT_END,
  ALERT_PRACTICE,
  ALERT_START,
  activeButtonSchema,
  type ActiveButtonInput,
  type ActiveButtonReply,
} from '#shared/api/active-button.ts';
import { pinMessages } from '#shared/api/pins.ts';
import { apiMessages } from '#shared/messages.ts';
import { requireBearer } from '#server/auth/bearer.ts';
import type { AppDeps } from '#server/deps.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { invalid, ok } from '#server/http/replies.ts';
import { validateJson } from '#server/http/validate.ts';
import { checkPin, pinsSet, withoutPin } from '#server/security/pin-check.ts';
import { applyAlertRequest, lockUserForAlert, startInTransaction } from './alert-actions.ts';
import { retireHiddenAlert } from './duress-end.ts';
import { bodyHashOf, claimIdempotencyKey, keyAnswered, storeReply } from './idempotency.ts';
import { applyPracticeRequest } from './practice.ts';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

const keyReused = (c: Context) =>
  invalid(c, apiMessages.idempotencyKeyReused, { idempotency_key: [apiMessages.idempotencyKeyReused] });

/**
 * PUT/PATCH /api/active-button (DESIGN.md section 3, step 5). Every request
 * carries an Idempotency-Key made at the press; the first answer for (user, key)
 * is stored with the alert change and its e-mails in one transaction, and every
 * replay of that key gets it again.
 */
export function alertRoutes(deps: AppDeps) {
  const { db, clock, config, log, alertStarter } = deps;
  const bearer = requireBearer(deps);
  const body = validateJson(activeButtonSchema);

  const handle = async (c: Context<AppEnv, string, { in: object; out: { json: ActiveButtonInput } }>) => {
    const key = c.req.header('idempotency-key')?.trim() ?? '';
    if (!IDEMPOTENCY_KEY.test(key)) {
      return invalid(c, apiMessages.idempotencyKeyMissing, { idempotency_key: [apiMessages.idempotencyKeyMissing] });
    }
    const input = c.req.valid('json');
    const { userId } = c.var.auth;
    const now = clock.now();
    const press = { userId, key, bodyHash: bodyHashOf(config.secret, withoutPin(input)), input, now };
    // The common case, an SOS that starts an alert, with others of the same moment in one statement
    // (docs/decisions/011, 014); it may decline, and the transaction writes the same rows.
    if (input.alert_status === ALERT_START) {
      const atOnce = await alertStarter(press);
      if (atOnce?.kind === 'answered') return ok(c, atOnce.reply);
      if (atOnce?.kind === 'mismatch') return keyReused(c);
    }
    return db.transaction(async (tx) => {
      // Presses of one person, whatever their keys, take turns: two phones, a double tap.
      const user = await lockUserForAlert(tx, userId);
      if (input.alert_status === ALERT_START) {
        let started = await startInTransaction({ tx, config, log }, press);
        // After a duress end the press starts a fresh alert, as after any end (lifecycle.ts).
        if (!started && (await retireHiddenAlert({ tx, userId, now })))
          started = await startInTransaction({ tx, config, log }, press);
        if (started?.kind === 'answered') return ok(c, started.reply);
        if (started?.kind === 'mismatch') return keyReused(c);
      }
      // FINALIZAR ALERTA with PINs set needs one, checked before the key is claimed: a 422 or
      // 429 is not the key's answer (the same key may come back with the PIN). A replay of an
      // answered key gets its answer again without a second check.
      let duress = false;
      if (input.alert_status === ALERT_END && pinsSet(user) && !(await keyAnswered(tx, userId, key))) {
        const pin = await checkPin(tx, config.secret, user, input.pin, now);
        // Locked: a 422 here, not the 429 of the profile's PIN routes. The SOS queue keeps a 429 to
        // try again later, at the front of the queue, where it would hold up a new SOS for 15 minutes;
        // a 422 leaves the queue, and the PIN dialog shows why.
        const refusal =
          pin.kind === 'locked' ? pinMessages.tooManyAttempts : pin.kind === 'refused' ? pin.message : undefined;
        if (refusal) return invalid(c, refusal, { pin: [refusal] });
        duress = pin.kind === 'duress';
      }
      const claim = await claimIdempotencyKey<ActiveButtonReply>(tx, userId, key, press.bodyHash, now);
      if (claim.kind === 'mismatch') return keyReused(c);
      if (claim.kind === 'replay') return ok(c, claim.reply);
      // '3' is a practice: recorded as a test, never as an alert.
      const reply =
        input.alert_status === ALERT_PRACTICE
          ? await applyPracticeRequest({ tx, config, userId, now, log }, user, input, key)
          : await applyAlertRequest({ tx, config, userId, now, log }, user, input, duress ? { duress } : {});
      await storeReply(tx, userId, key, reply);
      return ok(c, reply);
    });
  };

  return new Hono<AppEnv>()
    .on(['PUT', 'PATCH'], '/active-button', bearer, body, handle)
    .on(['PUT', 'PATCH'], '/active-button/', bearer, body, handle);
}
