import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createRefreshQueue } from '#client/features/desk-live/refresh-queue.ts';
import { deskKeys } from '#client/features/desk-live/desk-query-keys.ts';

// The live link reads the desk's list again on every event. A hundred presses a
// second must give a list that keeps arriving, never reads that cancel each
// other forever, and the last read must start after the last event.

/** A list that changes; each read sees the version of its start and answers when released. */
function changingList() {
  let version = 0;
  const reads: { started: number; release: () => void }[] = [];
  return {
    change: () => (version += 1),
    reads,
    read: () =>
      new Promise<number>((resolve) => {
        const seen = version;
        reads.push({ started: seen, release: () => resolve(seen) });
      }),
  };
}

describe('refreshing the desk on live events', () => {
  it('reads once more after a burst of events during a read, and ends with what the last event changed', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const list = changingList();
    // Observed, as a mounted list is.
    const observer = new QueryObserver(queryClient, {
      queryKey: deskKeys.alerts,
      queryFn: list.read,
      staleTime: Infinity,
    });
    const stop = observer.subscribe(() => undefined);
    await expect.poll(() => list.reads.length).toBe(1);
    list.reads[0]!.release();
    await expect.poll(() => queryClient.getQueryData(deskKeys.alerts)).toBe(0);

    const queue = createRefreshQueue(queryClient);
    list.change();
    queue.refresh(deskKeys.alerts);
    await expect.poll(() => list.reads.length).toBe(2);
    // Fifty more changes while that read is on its way.
    for (let i = 0; i < 50; i += 1) {
      list.change();
      queue.refresh(deskKeys.alerts);
    }
    list.reads[1]!.release();
    await expect.poll(() => list.reads.length).toBe(3);
    list.reads[2]!.release();
    await expect.poll(() => queryClient.getQueryData(deskKeys.alerts)).toBe(51);
    expect(list.reads.map((read) => read.started)).toEqual([0, 1, 51]);
    stop();
  });
});
