import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Reads queries again as the live link says they changed, one read per key at
 * a time: events arriving while a key is being read make one more read after
 * it, never a pile of reads that cancel each other (a hundred presses a second
 * must not keep the list from ever arriving).
 */
export function createRefreshQueue(queryClient: QueryClient) {
  const keys = new Map<string, { key: QueryKey; again: boolean }>();

  function refresh(key: QueryKey): void {
    const id = JSON.stringify(key);
    const running = keys.get(id);
    if (running) {
      running.again = true;
      return;
    }
    const state = { key, again: false };
    keys.set(id, state);
    void (async () => {
      do {
        state.again = false;
        // Cancels only a read someone else started, which may have left before the change.
        await queryClient.invalidateQueries({ queryKey: key }).catch(() => undefined);
      } while (state.again);
      keys.delete(id);
    })();
  }

  return { refresh };
}
