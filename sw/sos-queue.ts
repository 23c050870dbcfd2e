import { Queue, QueueStore, StorableRequest } from 'workbox-background-sync';
import { SOS_QUEUE_NAME, SOS_QUEUE_RETENTION_MINUTES } from '#shared/constants.ts';

/** What the worker records beside each queued request (stored in clear, like the body). */
export interface SosMetadata {
  idempotencyKey: string;
  alertStatus: string | null;
  /** The signed-in person when it was queued ('' if unknown): a replay never sends it under someone else's token. */
  userId: string;
}

export interface QueuedSos extends SosMetadata {
  /** Position in the queue; lower is older. */
  id: number;
  /** The request without any Authorization header. */
  request: Request;
  queuedAt: number;
}

/**
 * The queue as the route and the replay loop see it. Entries leave it only by
 * `remove` after their fate is known ("peek, send, then remove"): a worker killed
 * mid-replay loses nothing, and an entry that must wait simply stays at the front.
 */
export interface SosQueue {
  push(request: Request, metadata: SosMetadata): Promise<void>;
  /** Oldest first. */
  list(): Promise<QueuedSos[]>;
  remove(id: number): Promise<void>;
}

export interface WorkboxSosQueueOptions {
  /** Called on a Background Sync event (and by Workbox at start where there is no Background Sync). */
  onSync: () => Promise<void>;
}

/**
 * The SOS queue over workbox-background-sync. `Queue` stores (IndexedDB
 * `workbox-background-sync`) and registers the sync tag on every push; its
 * shift/unshift pair is not used, because an entry shifted out and lost with a
 * killed worker would be an SOS lost. `QueueStore` over the same queue name
 * gives the entries with their ids, to read and delete in place.
 */
export function createWorkboxSosQueue({ onSync }: WorkboxSosQueueOptions): SosQueue {
  const queue = new Queue(SOS_QUEUE_NAME, { maxRetentionTime: SOS_QUEUE_RETENTION_MINUTES, onSync });
  const store = new QueueStore(SOS_QUEUE_NAME);
  return {
    async push(request, metadata) {
      await queue.pushRequest({ request, metadata: { ...metadata } });
    },
    async list() {
      // The index returns a queue's rows by primary key, the order they were pushed in.
      const entries = await store.getAll();
      return entries.map((entry) => ({
        ...readMetadata(entry.metadata),
        id: entry.id,
        request: new StorableRequest(entry.requestData).toRequest(),
        queuedAt: entry.timestamp,
      }));
    },
    async remove(id) {
      await store.deleteEntry(id);
    },
  };
}

function readMetadata(metadata: object | undefined): SosMetadata {
  const record = (metadata ?? {}) as Partial<Record<keyof SosMetadata, unknown>>;
  return {
    idempotencyKey: typeof record.idempotencyKey === 'string' ? record.idempotencyKey : '',
    alertStatus: typeof record.alertStatus === 'string' ? record.alertStatus : null,
    userId: typeof record.userId === 'string' ? record.userId : '',
  };
}
