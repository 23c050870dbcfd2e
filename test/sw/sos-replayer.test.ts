import { describe, expect, it, vi } from 'vitest';
import { createSosReplayer, nextNeedsSignIn } from '#sw/sos-replayer.ts';
import { singleFlight } from '#sw/single-flight.ts';
import { json, ok } from './support/fake-server.ts';
import { enqueue, isRefresh, queuedKeys, replayHarness } from './support/replay-harness.ts';
import { storeSession } from './support/session.ts';
import { sosCall } from './support/sos-requests.ts';

function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

describe('one replay at a time', () => {
  it('joins a running round instead of starting a second, then runs once more for what came meanwhile', async () => {
    let running = 0;
    let mostAtOnce = 0;
    let rounds = 0;
    const started = deferred();
    const gate = deferred();
    const flight = singleFlight(async () => {
      running += 1;
      mostAtOnce = Math.max(mostAtOnce, running);
      rounds += 1;
      if (rounds === 1) {
        started.release();
        await gate.promise;
      }
      running -= 1;
      return rounds;
    });

    const first = flight.run();
    await started.promise;
    const second = flight.run();
    const third = flight.run();
    expect(flight.isRunning()).toBe(true);
    expect(second).toBe(first);
    expect(third).toBe(first);
    gate.release();

    expect(await first).toBe(2);
    expect(rounds).toBe(2);
    expect(mostAtOnce).toBe(1);
    expect(flight.isRunning()).toBe(false);
  });

  it('sends each queued SOS once when the sync event, the page and the worker start all trigger together', async () => {
    await storeSession();
    const { queue, server, deps, locks } = await replayHarness(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      return ok();
    });
    await enqueue(queue, sosCall('1', { key: 'start' }));
    await enqueue(queue, sosCall('2', { key: 'end' }));
    const replayer = createSosReplayer({ ...deps, onStateChange: () => {}, withLock: locks.withLock });

    await Promise.all([replayer.run(), replayer.run(), replayer.run()]);

    expect(server.sent.map((call) => call.idempotencyKey)).toEqual(['start', 'end']);
    // The server reads only JSON bodies: a replay keeps the type the page sent.
    expect(server.sent.map((call) => call.contentType)).toEqual(['application/json', 'application/json']);
    expect(locks.held).toContain('sos-replay');
    expect(await queuedKeys(queue)).toEqual([]);
  });

  it('tells the pages when a round starts and when it ends', async () => {
    await storeSession();
    const { queue, deps, locks } = await replayHarness(() => ok());
    await enqueue(queue, sosCall('1'));
    const seen: boolean[] = [];
    const replayer = createSosReplayer({
      ...deps,
      onStateChange: () => void seen.push(replayer.isRunning()),
      withLock: locks.withLock,
    });

    await replayer.run();

    expect(seen).toEqual([true, false]);
  });
});

describe('needing sign-in', () => {
  it('is remembered until a round delivers or finds nothing left', () => {
    expect(nextNeedsSignIn(false, { outcome: 'needs-sign-in', delivered: 0 })).toBe(true);
    expect(nextNeedsSignIn(true, { outcome: 'waiting', delivered: 0 })).toBe(true);
    expect(nextNeedsSignIn(false, { outcome: 'waiting', delivered: 0 })).toBe(false);
    expect(nextNeedsSignIn(true, { outcome: 'waiting', delivered: 1 })).toBe(false);
    expect(nextNeedsSignIn(true, { outcome: 'empty', delivered: 0 })).toBe(false);
  });

  it('clears once the person signs in again and the page asks for a replay', async () => {
    await storeSession({ access_token: 'expired', refresh_token: 'revoked' });
    const { queue, deps, locks } = await replayHarness((call) => {
      if (isRefresh(call)) return json(401, {});
      return call.authorization === 'Bearer after-sign-in' ? ok() : json(401, {});
    });
    await enqueue(queue, sosCall('1', { key: 'start' }));
    const onStateChange = vi.fn();
    const replayer = createSosReplayer({ ...deps, onStateChange, withLock: locks.withLock });

    await replayer.run();
    expect(replayer.needsSignIn()).toBe(true);
    expect(await queuedKeys(queue)).toEqual(['start']);

    await storeSession({ access_token: 'after-sign-in', refresh_token: 'refresh-new' });
    await replayer.run();
    expect(replayer.needsSignIn()).toBe(false);
    expect(await queuedKeys(queue)).toEqual([]);
  });
});
