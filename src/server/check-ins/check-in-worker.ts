import { and, eq, gt, isNotNull, isNull, lte, min, notInArray, or, sql } from 'drizzle-orm';
import { checkIns, users } from '#server/db/schema.ts';
import { enqueueMails } from '#server/mail/outbox.ts';
import { runCheckInDue, runCheckInShownDue } from '#server/alerts/lifecycle-executor.ts';
import { recordAlertEvent } from '#server/alerts/alert-events.ts';
import { pollingWorker, type PollingWorker, type TickResult, type WorkerDeps } from '#server/polling-worker.ts';

export type CheckInWorkerOptions = WorkerDeps<'secret' | 'publicUrl' | 'checkIns'>;

export type CheckInWorker = PollingWorker & {
  /** Remind and fire everything due now (tests call this after moving the clock). */
  tick(): Promise<{ reminded: number; fired: number }>;
};

/** Extended with the duress PIN and not yet shown fired: shown to the person as running (check-in-reply.ts). */
const shownRunning = and(
  isNotNull(checkIns.duressAt),
  isNotNull(checkIns.duressDueAt),
  isNull(checkIns.closedAt),
  isNull(checkIns.shownFiredAt),
);

/** At most this many check-ins per tick; the rest wait for the next (a minute's worth at any sane load). */
const MAX_PER_TICK = 500;

/**
 * The shortest wait between two ticks: a due check-in skipped because its
 * person's row was held by a request is tried again this soon, not in a loop.
 */
const MIN_WAIT_MS = 100;

/**
 * The server's side of 'Avísales si no vuelvo', polling like the alert
 * reminders (reminders.ts). A check-in whose deadline plus the grace has passed
 * is claimed FOR UPDATE SKIP LOCKED and fired in the transaction that writes
 * its alert and outbox rows: another instance skips the row while it is held
 * and finds it fired after the commit; a crash before the commit leaves it
 * running for the next poll of any instance. The person's row is then taken
 * SKIP LOCKED too, so the worker never waits on a request of theirs (which takes
 * the person first and the check-in second): it tries again on the next poll.
 *
 * After each tick the worker sleeps until the earliest running check-in's
 * reminder or deadline plus grace, or one poll interval, whichever is sooner:
 * a check-in seen by one poll fires at its moment, not up to a poll late. One
 * set (or moved) nearer than a poll interval to its firing, which only a grace
 * under the poll interval allows, is found by the next poll; no instance
 * announces a new deadline to the others.
 */
export function createCheckInWorker({ db, clock, config, log }: CheckInWorkerOptions): CheckInWorker {
  /**
   * One check-in due, or skipped: a running one past its deadline, else one the duress PIN extended
   * past the deadline the person was shown (fired for the contacts already, and now shown fired to
   * the person, at the moment a real one would fire).
   */
  async function fireNext(now: Date, skipped: string[]): Promise<'none' | 'fired' | string> {
    return db.transaction(async (tx) => {
      const cutoff = new Date(now.getTime() - config.checkIns.graceMs);
      const notSkipped = skipped.length > 0 ? [notInArray(checkIns.id, skipped)] : [];
      const [running] = await tx
        .select()
        .from(checkIns)
        .where(and(eq(checkIns.status, 'running'), lte(checkIns.dueAt, cutoff), ...notSkipped))
        .orderBy(checkIns.dueAt)
        .limit(1)
        .for('update', { skipLocked: true });
      const [shown] = running
        ? []
        : await tx
            .select()
            .from(checkIns)
            .where(and(shownRunning, lte(checkIns.duressDueAt, cutoff), ...notSkipped))
            .orderBy(checkIns.duressDueAt)
            .limit(1)
            .for('update', { skipLocked: true });
      const checkIn = running ?? shown;
      if (!checkIn) return 'none';
      const [user] = await tx
        .select()
        .from(users)
        .where(eq(users.id, checkIn.userId))
        .for('no key update', { skipLocked: true });
      if (!user) return checkIn.id;
      const deps = { tx, config, userId: user.id, now, log };
      const alertId = running
        ? await runCheckInDue(deps, user, checkIn)
        : await runCheckInShownDue(deps, user, checkIn);
      log.info(`aviso ${checkIn.id} vencido: alerta ${alertId}`);
      return 'fired';
    });
  }

  async function fireDue(now: Date): Promise<number> {
    const skipped: string[] = [];
    let fired = 0;
    while (fired + skipped.length < MAX_PER_TICK) {
      const outcome = await fireNext(now, skipped);
      if (outcome === 'none') break;
      if (outcome === 'fired') fired += 1;
      else skipped.push(outcome);
    }
    return fired;
  }

  /**
   * The e-mail to the person before the deadline, once per deadline (an extension asks again).
   * One extended with the duress PIN fired already, but the person was shown it running until
   * the deadline they chose: they are reminded of that one, as after a real extension.
   */
  async function remindDue(now: Date): Promise<number> {
    return db.transaction(async (tx) => {
      const soon = new Date(now.getTime() + config.checkIns.reminderMs);
      const due = await tx
        .select({ checkIn: checkIns, email: users.email, firstname: users.firstname })
        .from(checkIns)
        .innerJoin(users, eq(users.id, checkIns.userId))
        .where(
          and(
            isNull(checkIns.remindedAt),
            or(
              and(eq(checkIns.status, 'running'), lte(checkIns.dueAt, soon)),
              and(
                eq(checkIns.status, 'fired'),
                isNotNull(checkIns.duressAt),
                isNull(checkIns.closedAt),
                lte(checkIns.duressDueAt, soon),
                gt(checkIns.duressDueAt, now),
              ),
            ),
          ),
        )
        .limit(MAX_PER_TICK)
        .for('update', { of: checkIns, skipLocked: true });
      for (const { checkIn, email, firstname } of due) {
        const dueAt = checkIn.duressDueAt ?? checkIn.dueAt;
        const data = {
          firstname,
          purpose: checkIn.purpose,
          dueAt: dueAt.toISOString(),
          fireAt: new Date(dueAt.getTime() + config.checkIns.graceMs).toISOString(),
          timezone: checkIn.timezone,
        };
        await enqueueMails(tx, [{ kind: 'check-in-reminder', to: email, data }], now, checkIn.userId);
        await tx.update(checkIns).set({ remindedAt: now }).where(eq(checkIns.id, checkIn.id));
        await recordAlertEvent(tx, {
          userId: checkIn.userId,
          checkInId: checkIn.id,
          actor: 'system',
          kind: 'check-in-reminder-queued',
          at: now,
        });
      }
      return due.length;
    });
  }

  async function tick() {
    const now = clock.now();
    const fired = await fireDue(now);
    const reminded = await remindDue(now);
    return { reminded, fired };
  }

  /**
   * How long until the earliest running check-in (or one shown running) needs a reminder or falls
   * due (ms from `now`), or undefined if none runs.
   */
  async function untilNext(now: Date): Promise<number | undefined> {
    const [row] = await db
      .select({
        fire: min(checkIns.dueAt),
        remind: sql<Date | string | null>`min(${checkIns.dueAt}) filter (where ${checkIns.remindedAt} is null)`,
      })
      .from(checkIns)
      .where(eq(checkIns.status, 'running'));
    const [shown] = await db
      .select({
        fire: min(checkIns.duressDueAt),
        // As remindDue: a shown deadline already passed gets no reminder, so none is planned for it
        // (planned, it was 'due now' on every tick until the grace ran out).
        remind: sql<
          Date | string | null
        >`min(${checkIns.duressDueAt}) filter (where ${checkIns.remindedAt} is null and ${checkIns.duressDueAt} > ${now.toISOString()}::timestamptz)`,
      })
      .from(checkIns)
      .where(shownRunning);
    const moments = [row, shown]
      .flatMap((due) => [
        due?.fire ? new Date(due.fire).getTime() + config.checkIns.graceMs : undefined,
        due?.remind ? new Date(due.remind).getTime() - config.checkIns.reminderMs : undefined,
      ])
      .filter((at) => at !== undefined);
    return moments.length > 0 ? Math.min(...moments) - now.getTime() : undefined;
  }

  /** A tick, then how long to sleep before the next (the loop waits a poll interval at the most). */
  async function tickAndPlan(): Promise<TickResult> {
    await tick();
    const next = await untilNext(clock.now());
    if (next !== undefined) return { nextTickInMs: Math.max(MIN_WAIT_MS, next) };
  }

  const loop = pollingWorker({ name: 'avisos', intervalMs: config.checkIns.pollMs, tick: tickAndPlan, log });
  return { tick, start: loop.start, stop: loop.stop };
}
