import { afterEach, describe, expect, it, vi } from 'vitest';
import { pollingWorker, type PollingWorker, type TickResult } from '#server/polling-worker.ts';
import { captureLog, type CapturedLog } from '../support/capture-log.ts';

// The one loop behind reminders, escalation and housekeeping: a tick at once
// and then every interval, never two at a time, a failure logged by its name
// only and the loop going on, and stop() waiting for the tick in hand.

let worker: PollingWorker | undefined;
afterEach(async () => {
  await worker?.stop();
  worker = undefined;
});

/** A worker every 2 ms unless told otherwise, stopped after the test. */
function workerFor(
  tick: () => Promise<TickResult>,
  {
    name = 'prueba',
    intervalMs = 2,
    log = captureLog(),
  }: { name?: string; intervalMs?: number; log?: CapturedLog } = {},
): PollingWorker {
  worker = pollingWorker({ name, intervalMs, log, tick });
  return worker;
}

function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('pollingWorker', () => {
  it('ticks at once on start and again every interval', async () => {
    let ticks = 0;
    const loop = workerFor(async () => void ticks++, { intervalMs: 5 });
    loop.start();
    loop.start();
    expect(ticks).toBe(0);
    await vi.waitFor(() => expect(ticks).toBeGreaterThanOrEqual(3));
  });

  it('runs the next tick as soon as a tick asks, never later than the interval', async () => {
    let ticks = 0;
    // A minute's interval: only the tick's own word brings the next ones this soon.
    const loop = workerFor(async () => ({ nextTickInMs: ++ticks < 3 ? 5 : 120_000 }), { intervalMs: 60_000 });
    loop.start();
    await vi.waitFor(() => expect(ticks).toBe(3));
  });

  it('never starts a tick while the one before is still running', async () => {
    const first = gate();
    let started = 0;
    let overlapping = 0;
    let inFlight = 0;
    const loop = workerFor(async () => {
      started++;
      inFlight++;
      overlapping = Math.max(overlapping, inFlight);
      if (started === 1) await first.opened;
      inFlight--;
    });
    vi.useFakeTimers();
    try {
      loop.start();
      // Fifty intervals pass while the first tick is held: none of them starts another.
      await vi.advanceTimersByTimeAsync(100);
      expect(started).toBe(1);
      first.open();
      await vi.advanceTimersByTimeAsync(10);
    } finally {
      vi.useRealTimers();
    }
    expect(started).toBeGreaterThanOrEqual(3);
    expect(overlapping).toBe(1);
  });

  it('logs a failed tick by its error name and code only, and goes on', async () => {
    const log = captureLog();
    let ticks = 0;
    const loop = workerFor(
      () => {
        ticks++;
        if (ticks === 1)
          throw Object.assign(new Error('duplicate key (email)=(rosa@example.com) lat 25.7617'), { code: '23505' });
        return Promise.resolve();
      },
      { name: 'recordatorios', log },
    );
    loop.start();
    await vi.waitFor(() => expect(ticks).toBeGreaterThanOrEqual(2));
    expect(log.lines).toEqual([{ level: 'error', message: 'recordatorios: Error 23505' }]);
  });

  it('waits on stop for the tick in hand, and starts no other after it', async () => {
    const held = gate();
    let ended = 0;
    let started = 0;
    const loop = workerFor(async () => {
      started++;
      await held.opened;
      ended++;
    });
    loop.start();
    await vi.waitFor(() => expect(started).toBe(1));
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    held.open();
    await stopping;
    expect({ started, ended, stopped }).toEqual({ started: 1, ended: 1, stopped: true });
  });
});
