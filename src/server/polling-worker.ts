import { errorLabel } from '#server/db/best-effort.ts';
import type { Clock } from '#server/clock.ts';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import type { Log } from '#server/log.ts';

/** What a worker of the server is made with: the database, the clock, the part `K` of the config it reads, the log. */
export type WorkerDeps<K extends keyof Config> = { db: Db; clock: Clock; config: Pick<Config, K>; log: Log };

export type PollingWorker = {
  /** Runs one tick at once, then one every interval; a second start does nothing. */
  start(): void;
  /** No tick starts after this; resolves once the tick in hand has ended. */
  stop(): Promise<void>;
};

/** What a tick resolves with: nothing, or how soon it wants the next. */
export type TickResult = void | { nextTickInMs: number };

export type PollingWorkerOptions = {
  /** Said in the log when a tick fails ('recordatorios', 'escalado de la mesa'). */
  name: string;
  intervalMs: number;
  /**
   * One round of work. It resolves with nothing, or with `{ nextTickInMs }` when it knows its next
   * work is due sooner than the interval. Only that named field shortens the wait: a tick that
   * resolved with a bare count (of e-mails queued, say) once read as 'again in 0 ms', and an idle
   * server spun its queries without pause.
   */
  tick: () => Promise<TickResult>;
  log: Log;
  /** How loud a failed tick is: housekeeping that the next hour retries is a warning. */
  failureLevel?: 'warn' | 'error';
};

/**
 * A loop of the server that looks for work every interval on every instance
 * (reminders, check-ins, escalation, housekeeping): the claims that make the
 * work happen once live in the database, this only keeps time. The next tick
 * is set when one ends, so a tick never overlaps the one before (a slow one
 * makes the next wait, it does not pile up); a tick that knows its next work
 * is due sooner says when. A tick that throws is logged by its error's name and
 * driver code only (a database message may quote row values: addresses,
 * positions) and the loop goes on at the interval.
 */
export function pollingWorker({
  name,
  intervalMs,
  tick,
  log,
  failureLevel = 'error',
}: PollingWorkerOptions): PollingWorker {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let started = false;

  function kick(): void {
    if (running) return;
    // Through a promise: a tick that throws before its first await fails like any other.
    running = Promise.resolve()
      .then(tick)
      .then(
        (result) => (result ? Math.min(intervalMs, result.nextTickInMs) : intervalMs),
        (error: unknown) => {
          log[failureLevel](`${name}: ${errorLabel(error)}`);
          return intervalMs;
        },
      )
      .then((waitMs) => {
        running = undefined;
        if (!started) return;
        timer = setTimeout(kick, waitMs);
        timer.unref();
      });
  }

  return {
    start() {
      if (started) return;
      started = true;
      kick();
    },
    async stop() {
      started = false;
      clearTimeout(timer);
      timer = undefined;
      await running;
    },
  };
}
