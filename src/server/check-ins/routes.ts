import { and, desc, eq, exists, or } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Context } from 'hono';
import { checkInMessages, checkInStartSchema, checkInUpdateSchema, dueAtProblem } from '#shared/api/check-ins.ts';
import type { CheckInStartInput, CheckInUpdateInput } from '#shared/api/check-ins.ts';
import { apiMessages } from '#shared/messages.ts';
import { applyAlertRequest, lockUserForAlert, type LockedUser } from '#server/alerts/alert-actions.ts';
import { requireBearer } from '#server/auth/bearer.ts';
import type { Queryable } from '#server/db/client.ts';
import { alerts, checkIns } from '#server/db/schema.ts';
import type { AppDeps } from '#server/deps.ts';
import type { AppEnv } from '#server/http/app-env.ts';
import { invalid, ok } from '#server/http/replies.ts';
import { validateJson } from '#server/http/validate-json.ts';
import { checkInBodyHash, earlierRequest, storeCheckInReply, type StoredReply } from './check-in-requests.ts';
import { toCheckIn, type CheckInRow } from './check-in-reply.ts';

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

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
    .where(and(eq(checkIns.userId, userId), or(eq(checkIns.status, 'running'), and(eq(checkIns.status, 'fired'), exists(alertOn)))))
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

  async function idempotent(c: Context<AppEnv>, route: string, input: unknown, apply: (tx: Queryable, user: LockedUser, now: Date) => Promise<Handled>) {
    const key = c.req.header('idempotency-key')?.trim() ?? '';
    if (!IDEMPOTENCY_KEY.test(key)) {
      return invalid(c, apiMessages.idempotencyKeyMissing, { idempotency_key: [apiMessages.idempotencyKeyMissing] });
    }
    const { userId } = c.var.auth;
    const bodyHash = checkInBodyHash(config.secret, route, input);
    const handled = await db.transaction(async (tx): Promise<Handled> => {
      const user = await lockUserForAlert(tx, userId);
      const earlier = await earlierRequest(tx, userId, key, bodyHash);
      if (earlier.kind === 'replay') return earlier.reply;
      if (earlier.kind === 'mismatch') {
        return { invalid: { message: apiMessages.idempotencyKeyReused, errors: { idempotency_key: [apiMessages.idempotencyKeyReused] } } };
      }
      const now = clock.now();
      const reply = await apply(tx, user, now);
      // A 422 is not stored: the same key may come back with what was missing.
      if (!('invalid' in reply)) await storeCheckInReply(tx, userId, key, bodyHash, reply, now);
      return reply;
    });
    if ('invalid' in handled) return invalid(c, handled.invalid.message, handled.invalid.errors);
    return c.json({ success: handled.status === 200, message: handled.message }, handled.status);
  }

  const dueInvalid = (message: string): Handled => ({ invalid: { message, errors: { due_at: [message] } } });

  async function start(tx: Queryable, user: LockedUser, now: Date, input: CheckInStartInput): Promise<Handled> {
    const problem = dueAtProblem(input.due_at, now);
    if (problem) return dueInvalid(problem);
    const [running] = await tx
      .select({ id: checkIns.id })
      .from(checkIns)
      .where(and(eq(checkIns.userId, user.id), eq(checkIns.status, 'running')));
    if (running) return { status: 409, message: checkInMessages.running };
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
    return { status: 200, message: toCheckIn(row!, reminderMs) };
  }

  async function update(tx: Queryable, user: LockedUser, now: Date, input: CheckInUpdateInput): Promise<Handled> {
    const current = await currentCheckIn(tx, user.id, true);
    if (!current) return { status: 404, message: checkInMessages.none };
    const position = input.latitude ? { latitude: input.latitude, longitude: input.longitude } : {};
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
        return { status: 200, message: toCheckIn(row!, reminderMs) };
      }
      const [row] = await tx
        .update(checkIns)
        .set({ ...position, status: 'closed', closedAt: now })
        .where(eq(checkIns.id, current.id))
        .returning();
      return { status: 200, message: toCheckIn(row!, reminderMs) };
    }
    // Fired already: 'Estoy bien' ends the alert, and the contacts read that the person is safe.
    if (input.action !== 'ok') return { status: 200, message: toCheckIn(current, reminderMs) };
    const [active] = await tx
      .select({ id: alerts.id })
      .from(alerts)
      .where(and(eq(alerts.userId, user.id), eq(alerts.status, 'active')));
    if (active) {
      await applyAlertRequest({ tx, config, userId: user.id, now, log }, user, { alert_status: '2', latitude: '', longitude: '', timezone: '' }, { safe: true });
    }
    const [row] = await tx.update(checkIns).set({ status: 'closed', closedAt: now }).where(eq(checkIns.id, current.id)).returning();
    return { status: 200, message: toCheckIn(row!, reminderMs) };
  }

  return new Hono<AppEnv>()
    .post('/check-ins', bearer, validateJson(checkInStartSchema), (c) => {
      const input = c.req.valid('json');
      return idempotent(c, 'start', input, (tx, user, now) => start(tx, user, now, input));
    })
    .get('/check-ins/current', bearer, async (c) => {
      const row = await currentCheckIn(db, c.var.auth.userId, false);
      return ok(c, row ? toCheckIn(row, reminderMs) : null);
    })
    .put('/check-ins/current', bearer, validateJson(checkInUpdateSchema), (c) => {
      const input = c.req.valid('json');
      return idempotent(c, 'update', input, (tx, user, now) => update(tx, user, now, input));
    });
}
