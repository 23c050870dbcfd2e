import type { Context } from 'hono';
import { PIN_HEADER, pinGuardHints, pinMessages } from '#shared/api/pins.ts';
import { runGuardedAction, type GuardedIo, type GuardedOutcome } from '#server/alerts/lifecycle-executor.ts';
import type { GuardedAction } from '#server/alerts/lifecycle.ts';
import type { AppDeps } from '#server/deps.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { fail } from '#server/http/replies.ts';

/**
 * What a seized phone may do while the contacts are being told, as HTTP. The alert's
 * lifecycle decides (lifecycle.ts's guarded actions: done, pretended or refused, from
 * the state and the PIN in header PIN_HEADER) and its executor carries it out
 * (lifecycle-executor.ts's runGuardedAction); a route hands in its action's I/O, and
 * this only turns the outcome into the answer:
 *
 * - carried out or pretended: the route's own reply (the two are one answer);
 * - a wrong or missing PIN: 422 on `pin`, with why the PIN is asked;
 * - no PINs set: 409 until the alert or the check-in is over.
 *
 * docs/security.md lists the routes that pass through here.
 */

type Refusal = Exclude<GuardedOutcome<never>, { kind: 'answered' }>;

/** A refusal of the lifecycle, named for what the person is shown on. */
export function refusalReply(c: Context, refusal: Refusal): Response {
  if (refusal.kind === 'wait-for-end')
    return fail(c, 409, refusal.on === 'check-in' ? pinMessages.checkInActive : pinMessages.alertActive);
  return c.json(
    {
      success: false as const,
      message: refusal.message,
      errors: { pin: [refusal.message] },
      notice: pinGuardHints[refusal.on],
    },
    422,
  );
}

/** The PIN the request carried, if any. */
export const pinOf = (c: Context) => c.req.header(PIN_HEADER);

/**
 * The one way a route runs a guarded action: `guarded(c, action, { carryOut, pretend })`,
 * where both give the reply the route gives on success, inside the action's transaction.
 */
export function seizedPhoneGuard({ db, clock, config }: Pick<AppDeps, 'db' | 'clock' | 'config'>) {
  return async (
    c: Context<AppEnv>,
    action: Exclude<GuardedAction, 'delete-account'>,
    io: GuardedIo<Response>,
  ): Promise<Response> => {
    const outcome = await runGuardedAction({ db, config, now: clock.now() }, c.var.auth.userId, action, pinOf(c), io);
    return outcome.kind === 'answered' ? outcome.value : refusalReply(c, outcome);
  };
}
