import { isPassingFailure } from '#shared/browser/queued-commands.ts';
import { SOS_NOT_QUEUED_MESSAGE, SOS_QUEUED_MESSAGE, type SosQueuedReply } from '#shared/browser/sos-messages.ts';
import type { SosQueue } from './sos-queue.ts';
import { liveRequest, queueableRequest, readSosRequest, type SosRequest } from './sos-request.ts';
import { settledWithin } from '#shared/settled-within.ts';

export type WaitUntil = (promise: Promise<unknown>) => void;

export interface SosRouteDeps {
  queue: SosQueue;
  /** The live attempt: the global fetch. */
  fetch(request: Request): Promise<Response>;
  /** Who is signed in now ('' when unknown), recorded with a queued request. */
  currentUserId(): Promise<string>;
  makeKey(): string;
  timeoutMs: number;
  /** Starts (or joins) a replay round; never rejects. */
  replay(): Promise<unknown>;
  /** The queue grew: tell the pages. Never rejects. */
  onQueued(): Promise<unknown>;
}

/**
 * The worker's answer to a queued command, an SOS or check-in call (DESIGN.md section 3, step 2;
 * src/shared/browser/queued-commands.ts). With an empty
 * queue the request goes to the server and a reply within the time limit passes
 * through, unless it is a 5xx, 429 or 408. Otherwise the request, without its
 * token, goes to the back of the queue and the page gets 202 queued. A call
 * marked with SOS_QUEUE_ONLY_HEADER (the page's refresh failed after a 401) is
 * queued without a live attempt.
 *
 * Calls are handled one after another in arrival order: a '2' pressed while the
 * '1' is still on the wire waits for the '1' to be answered or queued, so it can
 * never reach the server first. A waiting call holds things up at most the time
 * limit; while entries are queued (a replay in flight included, since entries
 * leave the queue only once delivered) a call is queued at once.
 */
export function createSosHandler(deps: SosRouteDeps) {
  let lane: Promise<unknown> = Promise.resolve();

  return async function handleSos(request: Request, waitUntil: WaitUntil): Promise<Response> {
    let sos: SosRequest;
    try {
      sos = await readSosRequest(request, deps.makeKey);
    } catch {
      return passThrough(deps, request);
    }
    const turn = lane.then(() => sendOrQueue(deps, sos, waitUntil));
    lane = turn.catch(() => undefined);
    try {
      return await turn;
    } catch {
      return notQueuedReply();
    }
  };
}

async function sendOrQueue(deps: SosRouteDeps, sos: SosRequest, waitUntil: WaitUntil): Promise<Response> {
  // An unreadable queue cannot take the request either: then the network is the only chance.
  const queueIsEmpty = await deps.queue.list().then(
    (entries) => entries.length === 0,
    () => true,
  );
  if (!queueIsEmpty || sos.queueOnly) {
    if (!(await enqueue(deps, sos, waitUntil))) return notQueuedReply();
    waitUntil(deps.replay());
    return queuedReply();
  }

  const live = deps.fetch(liveRequest(sos));
  const first = await firstWithin(live, deps.timeoutMs);
  if (first.kind === 'reply' && !isPassingFailure(first.response.status)) return first.response;

  if (!(await enqueue(deps, sos, waitUntil))) {
    return first.kind === 'reply' ? first.response : notQueuedReply();
  }
  if (first.kind === 'timeout') {
    // The server may still answer: the idempotency key makes that harmless. Once
    // it settles, a replay delivers the copy or learns it is already done.
    waitUntil(live.then(ignore, ignore).then(() => deps.replay()));
  }
  // After a failure just now, the next trigger retries (sync, the page's backoff timer).
  return queuedReply();
}

async function enqueue(deps: SosRouteDeps, sos: SosRequest, waitUntil: WaitUntil): Promise<boolean> {
  try {
    const userId = await deps.currentUserId().catch(() => '');
    await deps.queue.push(queueableRequest(sos), {
      idempotencyKey: sos.idempotencyKey,
      alertStatus: sos.alertStatus,
      userId,
    });
  } catch {
    return false;
  }
  waitUntil(deps.onQueued());
  return true;
}

type First = { kind: 'reply'; response: Response } | { kind: 'error' } | { kind: 'timeout' };

function firstWithin(live: Promise<Response>, timeoutMs: number): Promise<First> {
  const settled = live.then(
    (response): First => ({ kind: 'reply', response }),
    (): First => ({ kind: 'error' }),
  );
  return settledWithin<First, First>(settled, timeoutMs, { kind: 'timeout' });
}

/** Our own code failed before the request could be read: let the network have it. */
async function passThrough(deps: SosRouteDeps, request: Request): Promise<Response> {
  try {
    return await deps.fetch(request);
  } catch {
    return notQueuedReply();
  }
}

function queuedReply(): Response {
  const body: SosQueuedReply = { success: true, queued: true, message: SOS_QUEUED_MESSAGE };
  return jsonReply(202, body);
}

/** Neither sent nor queued: the page must not believe the alert is on its way. */
function notQueuedReply(): Response {
  return jsonReply(503, { success: false, queued: false, message: SOS_NOT_QUEUED_MESSAGE });
}

// Not Response.json(): Safari before 17 lacks it, and iPhones must get this answer too.
function jsonReply(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function ignore(): void {}
