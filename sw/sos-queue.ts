import { Queue, QueueStore, StorableRequest } from 'workbox-background-sync';
import { decryptBytes, encryptBytes } from '#shared/browser/aes-gcm.ts';
import { getDeviceKey } from '#shared/browser/device-key.ts';
import { SOS_QUEUE_NAME, SOS_QUEUE_RETENTION_MINUTES } from '#shared/constants.ts';

/** What the worker records beside each queued request (stored in clear; the body is sealed). */
export interface SosMetadata {
  idempotencyKey: string;
  alertStatus: string | null;
  /** The signed-in person when it was queued ('' if unknown): a replay never sends it under someone else's token. */
  userId: string;
}

export interface QueuedSos extends SosMetadata {
  /** Position in the queue; lower is older. */
  id: number;
  /** The request without any Authorization header, its body opened again. */
  request: Request;
  queuedAt: number;
  /**
   * The body could not be opened (the device key is gone: the site's storage was
   * cleared in part). It can never be sent; the replay gives it up as refused.
   */
  unreadable?: true;
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
 *
 * Bodies (the position, a PIN) are stored sealed with the device key
 * (src/shared/browser/device-key.ts, the key the page's stores use), so the
 * queue never holds them in clear on the phone's disk. Entries an older worker
 * queued in clear carry no mark and are sent as they are.
 */
export function createWorkboxSosQueue({ onSync }: WorkboxSosQueueOptions): SosQueue {
  const queue = new Queue(SOS_QUEUE_NAME, { maxRetentionTime: SOS_QUEUE_RETENTION_MINUTES, onSync });
  const store = new QueueStore(SOS_QUEUE_NAME);
  return {
    async push(request, metadata) {
      const sealed = await sealBody(request);
      await queue.pushRequest({ request: sealed, metadata: { ...metadata, [SEALED]: true } });
    },
    async list() {
      // The index returns a queue's rows by primary key, the order they were pushed in.
      const entries = await store.getAll();
      return Promise.all(
        entries.map(async (entry) => {
          const stored = new StorableRequest(entry.requestData).toRequest();
          const opened = isSealed(entry.metadata) ? await openBody(stored) : stored;
          return {
            ...readMetadata(entry.metadata),
            id: entry.id,
            request: opened ?? stored,
            queuedAt: entry.timestamp,
            ...(opened ? {} : { unreadable: true as const }),
          };
        }),
      );
    },
    async remove(id) {
      await store.deleteEntry(id);
    },
  };
}

/** The metadata's mark of a sealed body. */
const SEALED = 'sealed';

const isSealed = (metadata: object | undefined) => (metadata as Record<string, unknown> | undefined)?.[SEALED] === true;

/** The same request, its body replaced by the body sealed with the device key. */
async function sealBody(request: Request): Promise<Request> {
  const body = new Uint8Array(await request.clone().arrayBuffer());
  const { url, method, headers } = request;
  return new Request(url, { method, headers, body: await encryptBytes(body) });
}

/**
 * The same request with its body opened; null only when this device's key cannot open it
 * (AES-GCM refuses it: another key, or altered). A key that cannot be read right now is no
 * verdict on the entry: that throws, the round fails, and the entry waits for the next one.
 */
async function openBody(request: Request): Promise<Request | null> {
  await getDeviceKey();
  const sealed = new Uint8Array(await request.clone().arrayBuffer());
  try {
    const body = await decryptBytes(sealed);
    const { url, method, headers } = request;
    return new Request(url, { method, headers, body });
  } catch (error) {
    if ((error as { name?: unknown } | null)?.name === 'OperationError') return null;
    throw error;
  }
}

function readMetadata(metadata: object | undefined): SosMetadata {
  const record = (metadata ?? {}) as Partial<Record<keyof SosMetadata, unknown>>;
  return {
    idempotencyKey: typeof record.idempotencyKey === 'string' ? record.idempotencyKey : '',
    alertStatus: typeof record.alertStatus === 'string' ? record.alertStatus : null,
    userId: typeof record.userId === 'string' ? record.userId : '',
  };
}
