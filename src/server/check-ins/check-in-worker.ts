import { and, eq, isNull, lte, notInArray } from 'drizzle-orm';
import { errorLabel } from '#server/acknowledgements/best-effort.ts';
import type { Clock } from '#server/clock.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { checkIns, users } from '#server/db/schema.ts';
import type { Log } from '#server/log.ts';
import { enqueueMails } from '#server/mail/outbox.ts';
import { fireCheckIn } from './fire-check-in.ts';
import { CHECK_IN_REMINDER, checkInReminderMail } from './person-reminder-mail.ts';

export type CheckInWorkerOptions = {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'secret' | 'publicUrl' | 'checkIns'>;
  log: Log;
};

export type CheckInWorker = {
  start(): void;
  stop(): Promise<void>;
  /** Remind and fire everything due now (tests call this after moving the clock). */
  tick(): Promise<{ reminded: number; fired: number }>;
};

/** At most this many check-ins per tick; the rest wait for the next (a minute's worth at any sane load). */
const MAX_PER_TICK = 500;

/**
 * The server's side of 'Avísales si no vuelvo', polling like the alert
 * reminders (reminders.ts). A check-in whose deadline plus the grace has passed
 * is claimed FOR UPDATE SKIP LOCKED and fired in the transaction that writes
 * its alert and outbox rows: another instance skips the row while it is held
 * and finds it fired after the commit; a crash before the commit leaves it
 * running for the next poll of any instance. The person's row is then taken
 * SKIP LOCKED too, so the worker never waits on a request of theirs (which takes
 * the person first and the check-in second): it tries again on the next poll.
 */
export function createCheckInWorker({ db, clock, config, log }: CheckInWorkerOptions): CheckInWorker {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;

  async function fireNext(now: Date, skipped: string[]): Promise<'none' | 'fired' | string> {
    return db.transaction(async (tx) => {
      const cutoff = new Date(now.getTime() - config.checkIns.graceMs);
      const [checkIn] = await tx
        .select()
        .from(checkIns)
        .where(and(eq(checkIns.status, 'running'), lte(checkIns.dueAt, cutoff), ...(skipped.length > 0 ? [notInArray(checkIns.id, skipped)] : [])))
        .orderBy(checkIns.dueAt)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!checkIn) return 'none';
      const [user] = await tx.select().from(users).where(eq(users.id, checkIn.userId)).for('no key update', { skipLocked: true });
      if (!user) return checkIn.id;
      const alertId = await fireCheckIn({ tx, config, log, now }, user, checkIn);
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

  /** The e-mail to the person before the deadline, once per deadline (an extension asks again). */
  async function remindDue(now: Date): Promise<number> {
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ checkIn: checkIns, email: users.email, firstname: users.firstname })
        .from(checkIns)
        .innerJoin(users, eq(users.id, checkIns.userId))
        .where(and(eq(checkIns.status, 'running'), isNull(checkIns.remindedAt), lte(checkIns.dueAt, new Date(now.getTime() + config.checkIns.reminderMs))))
        .limit(MAX_PER_TICK)
        .for('update', { of: checkIns, skipLocked: true });
      for (const { checkIn, email, firstname } of due) {
        const content = checkInReminderMail({
          firstname,
          purpose: checkIn.purpose,
          dueAt: checkIn.dueAt,
          fireAt: new Date(checkIn.dueAt.getTime() + config.checkIns.graceMs),
          timezone: checkIn.timezone,
        });
        await enqueueMails(tx, [{ kind: CHECK_IN_REMINDER, to: email, content }], now, checkIn.userId);
        await tx.update(checkIns).set({ remindedAt: now }).where(eq(checkIns.id, checkIn.id));
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

  function kick(): void {
    if (running) return;
    running = tick()
      .catch((error: unknown) => {
        // Name and driver code only: a database message may quote row values.
        log.error(`avisos: ${errorLabel(error)}`);
      })
      .finally(() => {
        running = undefined;
      });
  }

  return {
    tick,
    start() {
      if (timer) return;
      timer = setInterval(kick, config.checkIns.pollMs);
      timer.unref();
      kick();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
