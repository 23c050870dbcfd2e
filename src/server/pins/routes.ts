import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { pinMessages, pinsDeleteSchema, pinsResetSchema, pinsSetSchema } from '#shared/api/pins.ts';
import { apiMessages } from '#shared/messages.ts';
import { lockUserForAlert, type LockedUser } from '#server/alerts/alert-actions.ts';
import { requireBearer } from '#server/auth/bearer.ts';
import { checkCode, consumeCode, findVerification, issueCode } from '#server/auth/codes.ts';
import { lockedForSeconds } from '#server/auth/lockout.ts';
import type { Queryable } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import type { AppDeps } from '#server/deps.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { fail, invalid, ok } from '#server/http/replies.ts';
import { tooManyRequests } from '#server/http/too-many.ts';
import { validateJson } from '#server/http/validate.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { pinsResetCodeMail } from '#server/mail/templates/pins-reset-code.ts';
import { sha256 } from '#server/security/hashing.ts';
import { hitRateLimit } from '#server/security/rate-limit.ts';
import { checkPin, pinsSet, type PinCheck } from '#server/security/pin-check.ts';
import { hashPin } from '#server/security/pin-hash.ts';

const RESET_TYPE = 'pins-reset';

/** Its own hourly count per address, as large as the sign-in codes' (the key is a hash: the table never holds addresses). */
const resetLimitKey = (email: string) => `pins-code:${sha256(email)}`;

type Refusal = Exclude<PinCheck, { kind: 'unset' | 'real' | 'duress' }>;

const noPins = { pinHash: null, duressPinHash: null, pinFailures: 0, pinLockedUntil: null } as const;

/**
 * The optional PINs (src/shared/api/pins.ts): set or replace, delete, and delete
 * forgotten ones with a code e-mailed like a sign-in code. Each request takes the
 * person's row as an alert request does, so wrong PINs are counted one by one
 * and never race an end of alert. The duress PIN, wherever the real one is asked
 * for, gets the real one's reply and changes nothing: whoever forces the person
 * sees it work.
 */
export function pinRoutes(deps: AppDeps) {
  const { db, clock, config } = deps;
  const bearer = requireBearer(deps);

  function refused(c: Context, field: string, check: Refusal) {
    if (check.kind === 'locked') return tooManyRequests(c, check.retryAfterSeconds, pinMessages.tooManyAttempts);
    return invalid(c, check.message, { [field]: [check.message] });
  }

  const withPerson = <T>(c: Context<AppEnv>, work: (tx: Queryable, user: LockedUser, now: Date) => Promise<T>) =>
    db.transaction(async (tx) => work(tx, await lockUserForAlert(tx, c.var.auth.userId), clock.now()));

  return new Hono<AppEnv>()
    .put('/profile/pins', bearer, validateJson(pinsSetSchema), (c) => {
      const input = c.req.valid('json');
      return withPerson(c, async (tx, user, now) => {
        if (pinsSet(user)) {
          // A missing current PIN is not a guess: asked for by its own message, not counted.
          if (!input.current_pin) return invalid(c, pinMessages.currentRequired, { current_pin: [pinMessages.currentRequired] });
          const check = await checkPin(tx, user, input.current_pin, now);
          if (check.kind === 'locked' || check.kind === 'refused') return refused(c, 'current_pin', check);
          if (check.kind === 'duress') return ok(c, pinMessages.saved);
        }
        const [pinHash, duressPinHash] = await Promise.all([hashPin(input.pin), hashPin(input.duress_pin)]);
        await tx.update(users).set({ pinHash, duressPinHash, pinFailures: 0, pinLockedUntil: null, updatedAt: now }).where(eq(users.id, user.id));
        return ok(c, pinMessages.saved);
      });
    })
    .delete('/profile/pins', bearer, validateJson(pinsDeleteSchema), (c) => {
      const input = c.req.valid('json');
      return withPerson(c, async (tx, user, now) => {
        if (!pinsSet(user)) return fail(c, 404, pinMessages.notSet);
        const check = await checkPin(tx, user, input.pin, now);
        if (check.kind === 'locked' || check.kind === 'refused') return refused(c, 'pin', check);
        if (check.kind === 'real')
          await tx
            .update(users)
            .set({ ...noPins, updatedAt: now })
            .where(eq(users.id, user.id));
        return ok(c, pinMessages.deleted);
      });
    })
    .post('/profile/pins/forgot', bearer, (c) =>
      withPerson(c, async (tx, user, now) => {
        if (!pinsSet(user)) return fail(c, 404, pinMessages.notSet);
        // The same limits as sign-in codes: the address's lockout after burned codes, then an hourly count.
        await findVerification(tx, RESET_TYPE, user.email);
        const lockedFor = await lockedForSeconds(tx, user.email, now);
        if (lockedFor) return tooManyRequests(c, lockedFor, apiMessages.signinLocked);
        const verdict = await hitRateLimit(tx, resetLimitKey(user.email), config.rateLimits.codesPerAddress, now);
        if (!verdict.allowed) return tooManyRequests(c, verdict.retryAfterSeconds);
        const code = await issueCode(tx, config.secret, RESET_TYPE, user.email, now);
        await enqueueMail(tx, 'pins-reset-code', user.email, pinsResetCodeMail(code), now, user.id);
        return ok(c, pinMessages.codeSent);
      }),
    )
    .post('/profile/pins/reset', bearer, validateJson(pinsResetSchema), (c) => {
      const { code } = c.req.valid('json');
      return withPerson(c, async (tx, user, now) => {
        const row = await findVerification(tx, RESET_TYPE, user.email);
        // Wrong guesses count against the address, as sign-in codes' do (auth/lockout.ts).
        const check = await checkCode(tx, config.secret, row, code, now);
        if (check !== 'ok' || !row) return invalid(c, pinMessages.codeWrong, { code: [pinMessages.codeWrong] });
        await consumeCode(tx, row);
        await tx
          .update(users)
          .set({ ...noPins, updatedAt: now })
          .where(eq(users.id, user.id));
        return ok(c, pinMessages.deleted);
      });
    });
}
