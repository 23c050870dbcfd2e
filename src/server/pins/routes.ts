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
import { RESET_TYPE, resetLimitKey } from './reset-keys.ts';
import { hitRateLimit } from '#server/security/rate-limit.ts';
import { checkPin, pinsSet, pinsShown, type PinCheck } from '#server/security/pin-check.ts';
import { hashPin } from '#server/security/pin-hash.ts';
import { noPinPair, storePinPair } from '#server/security/pin-slots.ts';
import { contactsBeingTold } from '#server/security/contacts-being-told.ts';

type Refusal = Exclude<PinCheck, { kind: 'unset' | 'real' | 'duress' }>;

const notShown = { shownPinHash: null, shownOtherPinHash: null, pinsShownAt: null } as const;

const noPins = { ...noPinPair, ...notShown, pinFailures: 0, pinLockedUntil: null } as const;

/**
 * The optional PINs (src/shared/api/pins.ts): set or replace, delete, and delete
 * forgotten ones with a code e-mailed like a sign-in code. Each request takes the
 * person's row as an alert request does, so wrong PINs are counted one by one
 * and never race an end of alert. The duress PIN, wherever the real one is asked
 * for, gets the real one's reply and changes nothing the contacts depend on:
 * whoever forces the person sees it work, and sees the PINs they set or deleted
 * (pinsShown), while the real PINs keep protecting.
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
        // Made with the duress PIN (or over PINs shown deleted by it): another pair to show, never the real one.
        let shownOnly = pinsSet(user);
        // Shown no PINs, the owner may still send the real one to take their PINs back. A current PIN
        // sent without PINs set is checked too: the same work as after a duress deletion.
        if (pinsShown(user) || input.current_pin) {
          // A missing current PIN is not a guess: asked for by its own message, not counted.
          if (!input.current_pin)
            return invalid(c, pinMessages.currentRequired, { current_pin: [pinMessages.currentRequired] });
          const check = await checkPin(tx, config.secret, user, input.current_pin, now);
          if (check.kind === 'locked' || check.kind === 'refused') return refused(c, 'current_pin', check);
          shownOnly = check.kind === 'duress';
        }
        // Both ways hash the same two PINs: the same work, the same time.
        const [first, second] = await Promise.all([
          hashPin(config.secret, input.pin),
          hashPin(config.secret, input.duress_pin),
        ]);
        const pins = shownOnly
          ? { shownPinHash: first, shownOtherPinHash: second, pinsShownAt: now }
          : {
              ...storePinPair(config.secret, user.id, { real: first, duress: second }),
              ...notShown,
              pinFailures: 0,
              pinLockedUntil: null,
            };
        await tx
          .update(users)
          .set({ ...pins, updatedAt: now })
          .where(eq(users.id, user.id));
        return ok(c, pinMessages.saved);
      });
    })
    .delete('/profile/pins', bearer, validateJson(pinsDeleteSchema), (c) => {
      const input = c.req.valid('json');
      return withPerson(c, async (tx, user, now) => {
        if (!pinsShown(user)) return fail(c, 404, pinMessages.notSet);
        const check = await checkPin(tx, config.secret, user, input.pin, now);
        if (check.kind === 'locked' || check.kind === 'refused') return refused(c, 'pin', check);
        // With the duress PIN the person is shown no PINs from now on; the real ones keep protecting.
        const pins = check.kind === 'real' ? noPins : { shownPinHash: null, shownOtherPinHash: null, pinsShownAt: now };
        await tx
          .update(users)
          .set({ ...pins, updatedAt: now })
          .where(eq(users.id, user.id));
        return ok(c, pinMessages.deleted);
      });
    })
    .post('/profile/pins/forgot', bearer, (c) =>
      withPerson(c, async (tx, user, now) => {
        if (!pinsShown(user)) return fail(c, 404, pinMessages.notSet);
        // The same limits as sign-in codes: the address's lockout after burned codes, then an hourly count.
        await findVerification(tx, RESET_TYPE, user.email);
        const lockedFor = await lockedForSeconds(tx, user.email, now, RESET_TYPE);
        if (lockedFor) return tooManyRequests(c, lockedFor, apiMessages.signinLocked);
        const verdict = await hitRateLimit(tx, resetLimitKey(user.email), config.rateLimits.codesPerAddress, now);
        if (!verdict.allowed) return tooManyRequests(c, verdict.retryAfterSeconds);
        const code = await issueCode(tx, config.secret, RESET_TYPE, user.email, now);
        await enqueueMail(tx, 'pins-reset-code', user.email, { code }, now, user.id);
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
        // While the contacts are being told, a right code (the phone may be seized with its mailbox
        // open) answers as ever and deletes nothing: without PINs, the alert would end with no PIN.
        if (await contactsBeingTold(tx, user.id)) return ok(c, pinMessages.deleted);
        await tx
          .update(users)
          .set({ ...noPins, updatedAt: now })
          .where(eq(users.id, user.id));
        return ok(c, pinMessages.deleted);
      });
    });
}
