import { and, desc, eq, exists, or } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { checkInMessages, checkInStartSchema, checkInUpdateSchema, dueAtProblem } from '#shared/api/check-ins.ts';
import type { CheckInStartInput, CheckInUpdateInput } from '#shared/api/check-ins.ts';
import { pinMessages } from '#shared/api/pins.ts';
import { apiMessages } from '#shared/messages.ts';
import { lockUserForAlert, type LockedUser } from '#server/alerts/alert-actions.ts';
import { carryOutAlertEvent } from '#server/alerts/lifecycle-executor.ts';
import { requireBearer } from '#server/auth/bearer.ts';
import type { Queryable } from '#server/db/client.ts';
import { alerts, checkIns } from '#server/db/schema.ts';
import type { AppDeps } from '#server/deps.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { invalid, ok } from '#server/http/replies.ts';
import { validateJson } from '#server/http/validate.ts';
import { hideAlertFromPerson } from '#server/alerts/duress-end.ts';
import { checkPin, pinsSet, withoutPin } from '#server/security/pin-check.ts';
import { showTruthWhenNothingOn } from '#server/security/shown-states.ts';
import { bestEffort } from '#server/acknowledgements/best-effort.ts';
import { checkInBodyHash, earlierRequest, storeCheckInReply, type StoredReply } from './check-in-requests.ts';
import { shownCheckIn, toCheckIn, type CheckInRow } from './check-in-reply.ts';
import { fireCheckIn } from './fire-check-in.ts';
import { recordAlertEvent } from '#server/alerts/alert-events.ts';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** The check-in's line in the log, on its alert's case once it fired. */
const checkInEvent = (
  tx: Queryable,
  checkIn: Pick<CheckInRow, 'id' | 'userId' | 'firedAlertId'>,
  kind: 'check-in-extended' | 'check-in-closed',
  at: Date,
  detail?: Record<string, boolean>,
) =>
  recordAlertEvent(tx, {
    userId: checkIn.userId,
    checkInId: checkIn.id,
    alertId: checkIn.firedAlertId,
    actor: 'person',
    kind,
    at,
    ...(detail ? { detail } : {}),
  });

type Handled = StoredReply | { invalid: { message: string; errors: Record<string, string[]> } };

/**
 * The running check-in, else the latest fired one nobody closed yet while its
 * alert is on: once the person ended that alert (FINALIZAR ALERTA), the contacts
 * have read that it ended, and 'Estoy bien' has nobody left to tell.
 */
async function currentCheckIn(tx: Queryable, userId: string, lock: boolean): Promise<CheckInRow | undefined> {
  const alertOn = tx
    .select({ id: alerts.id })
    .from(alerts)
    .where(and(eq(alerts.id, checkIns.firedAlertId), eq(alerts.status, 'active')));
  const query = tx
    .select()
    .from(checkIns)
    .where(
      and(
        eq(checkIns.userId, userId),
        or(eq(checkIns.status, 'running'), and(eq(checkIns.status, 'fired'), exists(alertOn))),
      ),
    )
    // 'running' sorts after 'fired': the running one first.
    .orderBy(desc(checkIns.status), desc(checkIns.createdAt))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

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

  async function idempotent(
    c: Context<AppEnv>,
    route: string,
    input: object & { pin?: unknown },
    apply: (tx: Queryable, user: LockedUser, now: Date) => Promise<Handled>,
  ) {
    const key = c.req.header('idempotency-key')?.trim() ?? '';
    if (!IDEMPOTENCY_KEY.test(key)) {
      return invalid(c, apiMessages.idempotencyKeyMissing, { idempotency_key: [apiMessages.idempotencyKeyMissing] });
    }
    const { userId } = c.var.auth;
    const bodyHash = checkInBodyHash(config.secret, route, withoutPin(input));
    const handled = await db.transaction(async (tx): Promise<Handled> => {
      const user = await lockUserForAlert(tx, userId);
      const earlier = await earlierRequest(tx, userId, key, bodyHash);
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
      if ('status' in reply) await storeCheckInReply(tx, userId, key, bodyHash, reply, now);
      return reply;
    });
    if ('invalid' in handled) return invalid(c, handled.invalid.message, handled.invalid.errors);
    return c.json({ success: handled.status === 200, message: handled.message }, handled.status);
  }

  const dueInvalid = (message: string): Handled => ({ invalid: { message, errors: { due_at: [message] } } });

  async function start(tx: Queryable, user: LockedUser, now: Date, input: CheckInStartInput): Promise<Handled> {
    const problem = dueAtProblem(input.due_at, now);
    if (problem) return dueInvalid(problem);
    // Running as the person is shown it: one extended with the duress PIN counts until its shown deadline.
    const current = await currentCheckIn(tx, user.id, false);
    const shown = current && shownCheckIn(current, now);
    if (shown?.status === 'running') return { status: 409, message: checkInMessages.running };
    const dueAt = new Date(input.due_at);
    const [row] = await tx
      .insert(checkIns)
      .values({
        userId: user.id,
        purpose: input.purpose,
        place: input.place,
        dueAt,
        timezone: input.timezone || 'UTC',
        latitude: input.latitude,
        longitude: input.longitude,
        // A deadline nearer than the reminder gets none: the person has just set it.
        remindedAt: dueAt.getTime() - reminderMs <= now.getTime() ? now : null,
        createdAt: now,
      })
      .returning();
    await recordAlertEvent(tx, { userId: user.id, checkInId: row!.id, actor: 'person', kind: 'check-in-set', at: now });
    return { status: 200, message: toCheckIn(row!, reminderMs) };
  }

  async function update(tx: Queryable, user: LockedUser, now: Date, input: CheckInUpdateInput): Promise<Handled> {
    const current = await currentCheckIn(tx, user.id, true);
    const shown = current && shownCheckIn(current, now);
    if (!current || !shown) return { status: 404, message: checkInMessages.none };
    const position = input.latitude ? { latitude: input.latitude, longitude: input.longitude } : {};
    // 'Estoy bien' and 'Necesito más tiempo' with PINs set need one; the duress PIN answers as the real one.
    let duress = false;
    if (input.action !== 'position' && pinsSet(user)) {
      const check = await checkPin(tx, config.secret, user, input.pin, now);
      // Locked: a 422, as on PUT /api/active-button (these go through the same SOS queue, which keeps a 429).
      const refusal =
        check.kind === 'locked' ? pinMessages.tooManyAttempts : check.kind === 'refused' ? check.message : undefined;
      if (refusal) return { invalid: { message: refusal, errors: { pin: [refusal] } } };
      duress = check.kind === 'duress';
    }
    if (current.duressAt) return updateAfterDuress(tx, current, shown, now, input);
    if (duress && current.status === 'running') return closeUnderDuress(tx, user, current, now, input);
    if (current.status === 'running') {
      if (input.action === 'position') {
        const [row] = await tx.update(checkIns).set(position).where(eq(checkIns.id, current.id)).returning();
        return { status: 200, message: toCheckIn(row!, reminderMs) };
      }
      if (input.action === 'extend') {
        const problem = dueAtProblem(input.due_at ?? '', now);
        if (problem) return dueInvalid(problem);
        const dueAt = new Date(input.due_at!);
        const remindedAt = dueAt.getTime() - reminderMs <= now.getTime() ? now : null;
        const [row] = await tx
          .update(checkIns)
          .set({ ...position, dueAt, remindedAt })
          .where(eq(checkIns.id, current.id))
          .returning();
        await checkInEvent(tx, current, 'check-in-extended', now);
        return { status: 200, message: toCheckIn(row!, reminderMs) };
      }
      const [row] = await tx
        .update(checkIns)
        .set({ ...position, status: 'closed', closedAt: now })
        .where(eq(checkIns.id, current.id))
        .returning();
      await checkInEvent(tx, current, 'check-in-closed', now);
      // Closed for real: with nothing else on, the person's screens show the truth again.
      await bestEffort(
        tx,
        log,
        'lo mostrado tras el PIN de coacción',
        (savepoint) => showTruthWhenNothingOn(savepoint, user.id),
        false,
      );
      return { status: 200, message: toCheckIn(row!, reminderMs) };
    }
    // Fired already: 'Estoy bien' ends the alert, and the contacts read that the person is safe.
    if (input.action !== 'ok') return { status: 200, message: toCheckIn(current, reminderMs) };
    await carryOutAlertEvent({ tx, config, userId: user.id, now, log }, user, duress ? 'duress-end' : 'end', {
      safe: !duress,
    });
    if (duress) {
      // The alert goes on for the contacts: the check-in stays fired, shown to the person as closed.
      await tx.update(checkIns).set({ duressAt: now, closedAt: now }).where(eq(checkIns.id, current.id));
      await checkInEvent(tx, current, 'check-in-closed', now, { duress: true });
      return { status: 200, message: toCheckIn({ ...current, status: 'closed', closedAt: now }, reminderMs) };
    }
    const [row] = await tx
      .update(checkIns)
      .set({ status: 'closed', closedAt: now })
      .where(eq(checkIns.id, current.id))
      .returning();
    await checkInEvent(tx, current, 'check-in-closed', now);
    return { status: 200, message: toCheckIn(row!, reminderMs) };
  }

  /**
   * 'Estoy bien' or 'Necesito más tiempo' with the duress PIN on a running check-in: the
   * person gets the reply the real PIN would give, but the check-in fires now, through
   * the one fire path, and the contacts read that the person may have been forced to
   * close it. An alert this starts is hidden from the person as after a duress end.
   */
  async function closeUnderDuress(
    tx: Queryable,
    user: LockedUser,
    current: CheckInRow,
    now: Date,
    input: CheckInUpdateInput,
  ): Promise<Handled> {
    const extend = input.action === 'extend';
    if (extend) {
      const problem = dueAtProblem(input.due_at ?? '', now);
      if (problem) return dueInvalid(problem);
    }
    const position = input.latitude ? { latitude: input.latitude, longitude: input.longitude } : {};
    const checkIn = { ...current, ...position };
    const [before] = await tx
      .select({ id: alerts.id })
      .from(alerts)
      .where(and(eq(alerts.userId, user.id), eq(alerts.status, 'active')));
    const alertId = await fireCheckIn({ tx, config, now, ...(log ? { log } : {}) }, user, checkIn, { forced: true });
    // An alert the person already sees stays as it is; a new one is theirs to not see.
    if (!before) await hideAlertFromPerson({ tx, userId: user.id, now }, alertId);
    const dueAt = extend ? new Date(input.due_at!) : current.dueAt;
    const remindedAt = dueAt.getTime() - reminderMs <= now.getTime() ? now : null;
    // Extended: the person is reminded of the deadline they were shown, as after a real extension (check-in-worker.ts).
    await tx
      .update(checkIns)
      .set({ ...position, duressAt: now, ...(extend ? { duressDueAt: dueAt, remindedAt } : { closedAt: now }) })
      .where(eq(checkIns.id, current.id));
    await checkInEvent(
      tx,
      { ...current, firedAlertId: alertId },
      extend ? 'check-in-extended' : 'check-in-closed',
      now,
      {
        duress: true,
      },
    );
    const reply = extend ? { ...checkIn, dueAt, remindedAt } : { ...checkIn, status: 'closed' as const, closedAt: now };
    return { status: 200, message: toCheckIn(reply, reminderMs) };
  }

  /**
   * A check-in closed or extended with the duress PIN, still shown to the person as
   * running (after 'Necesito más tiempo'): their requests change what they are shown,
   * never the alert, which is the contacts' to follow.
   */
  async function updateAfterDuress(
    tx: Queryable,
    current: CheckInRow,
    shown: CheckInRow,
    now: Date,
    input: CheckInUpdateInput,
  ): Promise<Handled> {
    const position = input.latitude ? { latitude: input.latitude, longitude: input.longitude } : {};
    if (input.action === 'extend') {
      const problem = dueAtProblem(input.due_at ?? '', now);
      if (problem) return dueInvalid(problem);
      const dueAt = new Date(input.due_at!);
      const remindedAt = dueAt.getTime() - reminderMs <= now.getTime() ? now : null;
      await tx
        .update(checkIns)
        .set({ ...position, duressDueAt: dueAt, remindedAt })
        .where(eq(checkIns.id, current.id));
      await checkInEvent(tx, current, 'check-in-extended', now, { afterDuress: true });
      return { status: 200, message: toCheckIn({ ...shown, dueAt }, reminderMs) };
    }
    const closed = input.action === 'ok' ? { closedAt: now } : {};
    await tx
      .update(checkIns)
      .set({ ...position, ...closed })
      .where(eq(checkIns.id, current.id));
    if (input.action === 'ok') await checkInEvent(tx, current, 'check-in-closed', now, { afterDuress: true });
    return {
      status: 200,
      message: toCheckIn(input.action === 'ok' ? { ...shown, status: 'closed' } : shown, reminderMs),
    };
  }

  return new Hono<AppEnv>()
    .post('/check-ins', bearer, validateJson(checkInStartSchema), (c) => {
      const input = c.req.valid('json');
      return idempotent(c, 'start', input, (tx, user, now) => start(tx, user, now, input));
    })
    .get('/check-ins/current', bearer, async (c) => {
      const row = await currentCheckIn(db, c.var.auth.userId, false);
      const shown = row && shownCheckIn(row, clock.now());
      return ok(c, shown ? toCheckIn(shown, reminderMs) : null);
    })
    .put('/check-ins/current', bearer, validateJson(checkInUpdateSchema), (c) => {
      const input = c.req.valid('json');
      return idempotent(c, 'update', input, (tx, user, now) => update(tx, user, now, input));
    });
}
