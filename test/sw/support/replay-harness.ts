import { SOS_QUEUE_RETENTION_MINUTES } from '#shared/constants.ts';
import { readStoredSession, writeStoredSession } from '#shared/browser/stored-session.ts';
import type { ReplayDeps, ReplayEvent } from '#sw/replay.ts';
import type { SosQueue } from '#sw/sos-queue.ts';
import { queueableRequest, readSosRequest } from '#sw/sos-request.ts';
import { createTokenSource } from '#sw/session-tokens.ts';
import { fakeServer, type Answer, type Sent } from './fake-server.ts';
import { memoryLocks } from './session.ts';
import { ORIGIN } from './sos-requests.ts';
import { freshSosQueue, installRegistration } from './workbox-env.ts';

/**
 * The replay loop's real surroundings: the Workbox queue over fake-indexeddb,
 * the encrypted session store, the token source under a lock, and a fake
 * server that sees every request, refreshes included.
 */
export async function replayHarness(answer: (sent: Sent) => Answer | Promise<Answer>, { now = Date.now } = {}) {
  installRegistration();
  const queue = await freshSosQueue();
  const server = fakeServer(answer);
  const locks = memoryLocks();
  const events: ReplayEvent[] = [];
  const tokens = createTokenSource({
    readSession: readStoredSession,
    writeSession: writeStoredSession,
    withLock: locks.withLock,
    send: server.send,
    origin: ORIGIN,
    now,
    onRefreshed: () => {},
  });
  const deps: ReplayDeps = {
    queue,
    tokens,
    send: server.send,
    now,
    retentionMs: SOS_QUEUE_RETENTION_MINUTES * 60_000,
    onEvent: (event) => {
      events.push(event);
    },
  };
  return { queue, server, events, deps, locks };
}

/** What the route does with a call it queues. */
export async function enqueue(queue: SosQueue, request: Request, userId = 'u1'): Promise<void> {
  const sos = await readSosRequest(request, () => crypto.randomUUID());
  await queue.push(queueableRequest(sos), { idempotencyKey: sos.idempotencyKey, alertStatus: sos.alertStatus, userId });
}

export async function queuedKeys(queue: SosQueue): Promise<string[]> {
  return (await queue.list()).map((entry) => entry.idempotencyKey);
}

export const isRefresh = (sent: Sent) => sent.url.endsWith('/api/refresh');
export const sosCalls = (sent: Sent[]) => sent.filter((call) => !isRefresh(call));
