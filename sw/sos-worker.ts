import * as v from 'valibot';
import { registerRoute } from 'workbox-routing';
import { SOS_NETWORK_TIMEOUT_MS, SOS_QUEUE_RETENTION_MINUTES, SOS_REPLAY_TIMEOUT_MS } from '#shared/constants.ts';
import {
  SOS_ACK_REJECTED,
  SOS_REPLAY,
  SOS_SESSION_UPDATED,
  SOS_STATUS,
  sosPageMessageSchema,
  type SosWorkerMessage,
} from '#shared/browser/sos-messages.ts';
import { commandKindOf } from '#shared/browser/queued-commands.ts';
import { readStoredSession, writeStoredSession } from '#shared/browser/stored-session.ts';
import { fetchWithTimeout } from './fetch-timeout.ts';
import { createRejectedLog } from './rejected-log.ts';
import type { ReplayEvent } from './replay.ts';
import { createSosReplayer, type SosReplayer } from './sos-replayer.ts';
import { createWorkboxSosQueue, type QueuedSos } from './sos-queue.ts';
import { createSosHandler } from './sos-route.ts';
import { sosStatus, summary } from './sos-status.ts';
import { createTokenSource, type WithLock } from './session-tokens.ts';

type Extendable = Event & { waitUntil(promise: Promise<unknown>): void };

/**
 * The parts of ServiceWorkerGlobalScope used here, spelled out so this module
 * also compiles with the DOM types of the tests (test/sw/sos-worker.test.ts).
 */
interface SosWorkerScope {
  registration: object;
  location: { origin: string };
  navigator: { locks?: { request<T>(name: string, task: () => Promise<T>): Promise<T> } };
  clients: {
    matchAll(options: {
      type: 'window';
      includeUncontrolled: boolean;
    }): Promise<ReadonlyArray<{ postMessage(message: unknown): void }>>;
  };
  addEventListener(type: 'message', listener: (event: Extendable & { data: unknown }) => void): void;
  addEventListener(type: 'activate', listener: (event: Extendable) => void): void;
}

declare const self: SosWorkerScope;

/**
 * Wires the SOS path (DESIGN.md section 3) into the worker: the PUT/PATCH route,
 * the queue, the replay triggers (Background Sync, worker start, activate, page
 * messages) and the status messages to the pages. The logic lives in the
 * modules it imports, which take their dependencies as parameters.
 */
export function handleSosQueue(): void {
  const log = createRejectedLog();
  const send = (request: Request) => fetchWithTimeout(request, SOS_REPLAY_TIMEOUT_MS);
  const withLock: WithLock = (name, task) => (self.navigator.locks ? self.navigator.locks.request(name, task) : task());
  const syncSupported = 'sync' in self.registration;
  // Without Background Sync, Workbox calls onSync while the queue is being built,
  // before the replayer exists; the start-up replay below covers that case.
  let wired = false;

  const queue = createWorkboxSosQueue({
    async onSync() {
      if (!wired) return;
      const round = await replayer.run();
      // Throwing asks the browser to fire the sync again later.
      if (syncSupported && round.outcome === 'waiting') throw new Error('SOS requests still queued');
    },
  });

  const tokens = createTokenSource({
    readSession: readStoredSession,
    writeSession: writeStoredSession,
    withLock,
    send,
    origin: self.location.origin,
    now: Date.now,
    onRefreshed: () => void post({ type: SOS_SESSION_UPDATED }),
  });

  async function post(message: SosWorkerMessage): Promise<void> {
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
    for (const client of windows) client.postMessage(message);
  }

  async function broadcastStatus(delivered?: QueuedSos): Promise<void> {
    try {
      const [entries, rejected] = await Promise.all([queue.list(), log.list()]);
      const needsSignIn = replayer.needsSignIn();
      const replaying = replayer.isRunning();
      await post(sosStatus({ entries, rejected, needsSignIn, replaying, ...(delivered ? { delivered } : {}) }));
    } catch {
      // The next change or the page's next 'sos-status' tries again.
    }
  }

  async function onEvent(event: ReplayEvent): Promise<void> {
    if (event.type === 'rejected') {
      const { reason, status, message } = event;
      await log.add({ ...summary(event.entry), reason, status, message, rejectedAt: Date.now() });
    }
    await broadcastStatus(event.type === 'delivered' ? event.entry : undefined);
  }

  const replayer: SosReplayer = createSosReplayer({
    queue,
    tokens,
    send,
    now: Date.now,
    retentionMs: SOS_QUEUE_RETENTION_MINUTES * 60_000,
    onEvent,
    onStateChange: () => broadcastStatus(),
    withLock,
  });
  wired = true;
  const replay = () => replayer.run().catch(() => undefined);

  const handleSos = createSosHandler({
    queue,
    fetch: (request) => fetch(request),
    currentUserId: async () => (await readStoredSession()).auth.id,
    makeKey: () => crypto.randomUUID(),
    timeoutMs: SOS_NETWORK_TIMEOUT_MS,
    replay,
    onQueued: () => broadcastStatus(),
  });
  // registerRoute defaults to GET: each method needs its own registration. Every queued
  // command (SOS and check-in calls) shares one lane and one queue, so they keep their order.
  for (const method of ['PUT', 'PATCH', 'POST'] as const) {
    registerRoute(
      ({ url, sameOrigin }) => sameOrigin && commandKindOf(method, url.pathname) !== null,
      ({ request, event }) => handleSos(request, (promise) => (event as Extendable).waitUntil(promise)),
      method,
    );
  }

  self.addEventListener('message', (event) => {
    const parsed = v.safeParse(sosPageMessageSchema, event.data);
    if (!parsed.success) return;
    const message = parsed.output;
    if (message.type === SOS_REPLAY) event.waitUntil(replay());
    else if (message.type === SOS_STATUS) event.waitUntil(broadcastStatus());
    else if (message.type === SOS_ACK_REJECTED) {
      event.waitUntil(
        log.forget(message.idempotencyKeys).then(
          () => broadcastStatus(),
          () => broadcastStatus(),
        ),
      );
    }
  });

  // Safari, iOS and Firefox have no Background Sync: every start and every
  // activation is a chance to deliver.
  self.addEventListener('activate', (event) => event.waitUntil(replay()));
  void replay();
}
