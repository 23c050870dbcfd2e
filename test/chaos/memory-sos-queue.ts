import type { QueuedSos, SosQueue } from '#sw/sos-queue.ts';

/**
 * The worker's SOS queue (sw/sos-queue.ts's SosQueue) kept in memory: one per
 * simulated phone, where the browser's would be IndexedDB. Each listing hands
 * out fresh Requests, as the Workbox queue rebuilds them from storage.
 */
export function memorySosQueue(now: () => number = Date.now): SosQueue & { size(): number } {
  const entries: QueuedSos[] = [];
  let nextId = 1;
  return {
    async push(request, metadata) {
      entries.push({ ...metadata, id: nextId++, request: request.clone(), queuedAt: now() });
    },
    async list() {
      return entries.map((entry) => ({ ...entry, request: entry.request.clone() }));
    },
    async remove(id) {
      const at = entries.findIndex((entry) => entry.id === id);
      if (at >= 0) entries.splice(at, 1);
    },
    size: () => entries.length,
  };
}
