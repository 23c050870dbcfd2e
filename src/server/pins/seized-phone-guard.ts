import { and, eq, isNotNull, isNull, or } from 'drizzle-orm';
import type { Context, Input, MiddlewareHandler } from 'hono';
import { createMiddleware } from 'hono/factory';
import { PIN_HEADER, pinGuardHints, pinMessages } from '#shared/api/pins.ts';
import type { Queryable } from '#server/db/client.ts';
import { alerts, checkIns, users } from '#server/db/schema.ts';
import { alertPhaseOf, personView } from '#server/alerts/lifecycle.ts';
import { shownCheckIn } from '#server/alerts/check-in-reply.ts';
import type { AppDeps } from '#server/deps.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { fail } from '#server/http/replies.ts';
import { contactsBeingTold } from '#server/security/contacts-being-told.ts';
import { checkPin } from '#server/security/pin-check.ts';

/**
 * What a seized phone may do while the contacts are being told. An alert that is
 * on (including one ended with the duress PIN: for the contacts it goes on) or a
 * running check-in makes every action that would reduce who is told, what they are
 * told, or the owner's access ask for the PIN (header PIN_HEADER):
 *
 * - the real PIN: the action runs;
 * - the duress PIN, or any PIN while the PINs are locked: the route's own success
 *   reply, and nothing changes (whoever forces the person sees it work);
 * - a wrong PIN: 422 on `pin` (counted, as every PIN route counts it);
 * - no PINs set: the server cannot tell the owner from someone else, so the
 *   contacts win: 409 pinMessages.alertActive until the alert ends.
 *
 * Outside an alert and a check-in the action runs with no PIN. docs/security.md
 * lists the routes that pass through here.
 */
export type Verdict = 'free' | 'real' | 'pretend' | 'no-pins' | { refused: 'wrong' | 'missing'; message: string };

/** What the person is shown on, which the PIN question names: an alert, else a check-in. */
export type ShownOn = 'alert' | 'check-in';

/**
 * What the person's own screens show on (lifecycle.ts's personView, check-in-reply.ts's
 * shownCheckIn): an alert ended or a check-in closed with the duress PIN is not, though
 * the contacts are still being told of it. Undefined when nothing is shown on.
 */
export async function shownOn(tx: Queryable, userId: string): Promise<ShownOn | undefined> {
  const [alert] = await tx
    .select({ endedByDuressAt: alerts.endedByDuressAt, shownAgainAt: alerts.shownAgainAt })
    .from(alerts)
    .where(and(eq(alerts.userId, userId), eq(alerts.status, 'active')));
  if (personView(alertPhaseOf(alert)).alertOn) return 'alert';
  const rows = await tx
    .select()
    .from(checkIns)
    .where(
      and(
        eq(checkIns.userId, userId),
        or(eq(checkIns.status, 'running'), and(isNotNull(checkIns.duressAt), isNull(checkIns.closedAt))),
      ),
    );
  return rows.some((row) => shownCheckIn(row)?.status === 'running') ? 'check-in' : undefined;
}

/** The verdict for one request, in its own transaction with the person's row locked (so wrong PINs are counted one by one). */
export async function judgeSeizedPhone(
  { db, clock, config }: Pick<AppDeps, 'db' | 'clock' | 'config'>,
  userId: string,
  pin: string | undefined,
): Promise<{ verdict: Verdict; on?: ShownOn }> {
  return db.transaction(async (tx) => {
    // The row lock of the alert requests (lockUserForAlert, same mode): wrong PINs are counted one by one.
    const [user] = await tx.select().from(users).where(eq(users.id, userId)).for('no key update');
    if (!user) throw new Error('the bearer user vanished inside its own transaction');
    if (!(await contactsBeingTold(tx, userId))) return { verdict: 'free' };
    // Told of something the duress PIN hid from the person: their screens show nothing on, so
    // nothing may ask for a PIN (with nothing on it would run freely); it answers as success and
    // changes nothing, as the duress PIN does. Their real PIN ends it for real after a new press.
    const on = await shownOn(tx, userId);
    if (!on) return { verdict: 'pretend' };
    // Asked with PINs or none: a PIN sent costs the same work either way (pin-check.ts).
    const check = await checkPin(tx, config.secret, user, pin?.trim() || undefined, clock.now());
    if (check.kind === 'unset') return { verdict: 'no-pins', on };
    if (check.kind === 'real') return { verdict: 'real', on };
    if (check.kind === 'duress' || check.kind === 'locked') return { verdict: 'pretend', on };
    if (check.kind === 'refused')
      return { verdict: { refused: pin ? 'wrong' : 'missing', message: check.message }, on };
    return { verdict: 'no-pins', on };
  });
}

/** The validated input the route's middleware before the guard left (`{ out: { json: T } }`). */
type In = Input;
type Reply<I extends In> = (c: Context<AppEnv, string, I>) => Response | Promise<Response>;

export type GuardOptions<I extends In> = {
  /** Only some requests of the route reduce anything (e.g. unmarking, not marking): the others pass freely. */
  when?: (c: Context<AppEnv, string, I>) => boolean | Promise<boolean>;
  /** Instead of refusing with no PINs set and of pretending: the route's own deferred version (account deletion). */
  defer?: (c: Context<AppEnv, string, I>, verdict: 'real' | 'pretend' | 'no-pins') => Response | Promise<Response>;
};

/**
 * The one guard: `guard(pretend)` before a route's handler, where `pretend` gives
 * the reply the route gives on success, with no change.
 */
export function seizedPhoneGuard(deps: Pick<AppDeps, 'db' | 'clock' | 'config'>) {
  return <I extends In = object>(
    pretend: Reply<I>,
    options: GuardOptions<I> = {},
  ): MiddlewareHandler<AppEnv, string, I> =>
    createMiddleware<AppEnv, string, I>(async (c, next) => {
      if (options.when && !(await options.when(c))) return next();
      const { verdict, on = 'alert' } = await judgeSeizedPhone(deps, c.var.auth.userId, c.req.header(PIN_HEADER));
      if (verdict === 'free') return next();
      // With the refusal, why the PIN is asked, named for what the person is shown on.
      if (typeof verdict === 'object')
        return c.json(
          {
            success: false as const,
            message: verdict.message,
            errors: { pin: [verdict.message] },
            notice: pinGuardHints[on],
          },
          422,
        );
      if (options.defer) return options.defer(c, verdict);
      if (verdict === 'real') return next();
      if (verdict === 'pretend') return pretend(c);
      return fail(c, 409, on === 'check-in' ? pinMessages.checkInActive : pinMessages.alertActive);
    });
}
