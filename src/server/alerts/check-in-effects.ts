import { and, desc, eq, exists, isNotNull, isNull, or } from 'drizzle-orm';
import type { CheckInStartInput, CheckInUpdateInput } from '#shared/api/check-ins.ts';
import { recordAlertEvent } from '#server/alerts/alert-events.ts';
import type { Queryable } from '#server/db/client.ts';
import { alerts, checkIns } from '#server/db/schema.ts';
import type { CheckInRow } from './check-in-reply.ts';

/**
 * The check-in's effects of the lifecycle (src/server/alerts/lifecycle.ts), each
 * a write the executor (lifecycle-executor.ts) carries out when `advance` names
 * it, inside the request's transaction. Each returns the row as the person is
 * then shown it.
 */

export type CheckInEffectDeps = { tx: Queryable; now: Date; reminderMs: number };

type Position = { latitude?: string; longitude?: string };

/** The position a request carries, if any. */
export const positionOfRequest = (input: CheckInUpdateInput): Position =>
  input.latitude ? { latitude: input.latitude, longitude: input.longitude } : {};

/** A deadline nearer than the reminder gets none: the person has just set it. */
const remindedAtFor = ({ now, reminderMs }: CheckInEffectDeps, dueAt: Date) =>
  dueAt.getTime() - reminderMs <= now.getTime() ? now : null;

/** The check-in's line in the log, on its alert's case once it fired. */
export const checkInEvent = (
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

/**
 * The running check-in, else the latest fired one nobody closed yet while its
 * alert is on: once the person ended that alert (FINALIZAR ALERTA), the contacts
 * have read that it ended, and 'Estoy bien' has nobody left to tell. One the duress
 * PIN extended is shown running until its shown deadline fires it for the person,
 * whatever became of the alert it fired for the contacts (a new press may have
 * replaced it), as a real one runs on whatever the alert does.
 */
export async function currentCheckIn(tx: Queryable, userId: string, lock: boolean): Promise<CheckInRow | undefined> {
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
        or(
          eq(checkIns.status, 'running'),
          and(eq(checkIns.status, 'fired'), exists(alertOn)),
          and(isNotNull(checkIns.duressDueAt), isNull(checkIns.closedAt), isNull(checkIns.shownFiredAt)),
        ),
      ),
    )
    // 'running' sorts after 'fired': the running one first.
    .orderBy(desc(checkIns.status), desc(checkIns.createdAt))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function insertCheckIn(
  deps: CheckInEffectDeps,
  userId: string,
  input: CheckInStartInput,
): Promise<CheckInRow> {
  const { tx, now } = deps;
  const dueAt = new Date(input.due_at);
  const [row] = await tx
    .insert(checkIns)
    .values({
      userId,
      purpose: input.purpose,
      place: input.place,
      dueAt,
      timezone: input.timezone || 'UTC',
      latitude: input.latitude,
      longitude: input.longitude,
      remindedAt: remindedAtFor(deps, dueAt),
      createdAt: now,
    })
    .returning();
  if (!row) throw new Error('insert returned no check-in');
  await recordAlertEvent(tx, { userId, checkInId: row.id, actor: 'person', kind: 'check-in-set', at: now });
  return row;
}

export async function recordCheckInPosition(
  { tx }: CheckInEffectDeps,
  current: CheckInRow,
  shown: CheckInRow,
  position: Position,
): Promise<CheckInRow> {
  const [row] = await tx.update(checkIns).set(position).where(eq(checkIns.id, current.id)).returning();
  // One fired already keeps what its person is shown; the position stays in its row.
  return current.duressAt ? shown : row!;
}

export async function extendCheckIn(
  deps: CheckInEffectDeps,
  current: CheckInRow,
  dueAt: Date,
  position: Position,
): Promise<CheckInRow> {
  const { tx, now } = deps;
  const [row] = await tx
    .update(checkIns)
    .set({ ...position, dueAt, remindedAt: remindedAtFor(deps, dueAt) })
    .where(eq(checkIns.id, current.id))
    .returning();
  await checkInEvent(tx, current, 'check-in-extended', now);
  return row!;
}

export async function closeCheckIn(
  { tx, now }: CheckInEffectDeps,
  current: CheckInRow,
  position: Position,
): Promise<CheckInRow> {
  const [row] = await tx
    .update(checkIns)
    .set({ ...position, status: 'closed', closedAt: now })
    .where(eq(checkIns.id, current.id))
    .returning();
  await checkInEvent(tx, current, 'check-in-closed', now);
  return row!;
}

/**
 * Extended with the duress PIN (now, or again after it): the person is shown the deadline they
 * chose and reminded of it, as after a real extension (check-in-worker.ts); the contacts' alert stays.
 */
export async function extendShown(
  deps: CheckInEffectDeps,
  current: CheckInRow,
  shown: CheckInRow,
  dueAt: Date,
  position: Position,
  detail: Record<string, boolean>,
): Promise<CheckInRow> {
  const { tx, now } = deps;
  const remindedAt = remindedAtFor(deps, dueAt);
  await tx
    .update(checkIns)
    .set({ ...position, duressAt: current.duressAt ?? now, duressDueAt: dueAt, remindedAt })
    .where(eq(checkIns.id, current.id));
  await checkInEvent(tx, current, 'check-in-extended', now, detail);
  return { ...shown, ...position, dueAt, remindedAt };
}

/** Closed as far as the person is told; fired for the contacts, whose alert goes on. */
export async function closeShown(
  { tx, now }: CheckInEffectDeps,
  current: CheckInRow,
  shown: CheckInRow,
  position: Position,
  detail: Record<string, boolean>,
): Promise<CheckInRow> {
  await tx
    .update(checkIns)
    .set({ ...position, duressAt: current.duressAt ?? now, closedAt: now })
    .where(eq(checkIns.id, current.id));
  await checkInEvent(tx, current, 'check-in-closed', now, detail);
  return { ...shown, ...position, status: 'closed', closedAt: now };
}
