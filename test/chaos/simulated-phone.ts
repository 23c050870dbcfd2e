import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import {
  ACTIVE_BUTTON_PATH,
  API_PREFIX,
  IDEMPOTENCY_KEY_HEADER,
  SOS_QUEUE_RETENTION_MINUTES,
} from '#shared/constants.ts';
import { replayDecision } from '#shared/browser/queued-commands.ts';
import { createSosReplayer } from '#sw/sos-replayer.ts';
import { createSosHandler } from '#sw/sos-route.ts';
import type { TokenSource } from '#sw/session-tokens.ts';
import { memorySosQueue } from './memory-sos-queue.ts';

/** One press of SOS ('1') or FINALIZAR ALERTA ('2'), and everything the phone learnt about it. */
export type Press = {
  user: number;
  cycle: number;
  status: '1' | '2';
  key: string;
  body: Record<string, string>;
  /** What the page was told: the server's answer, 202 queued, or neither (the SW's 503 not queued). */
  seen?: 'answered' | 'queued' | 'refused';
  /** The first 2xx or 409 reply the phone read for this key, live or replayed. */
  reply?: { status: number; message: unknown };
  /** Replays of a body the server will never take (400, 413, 422): the SW drops them from its queue. */
  rejected?: number;
  /** 401s: our sessions never expire during a run, so any is a bug. */
  unauthorized: number;
};

export type PhoneTiming = {
  /** SOS_NETWORK_TIMEOUT_MS: the live attempt's reply must come within this. */
  liveTimeoutMs: number;
  /** SOS_REPLAY_TIMEOUT_MS: a replay gives up after this; the live attempt too (a browser's own limit). */
  replayTimeoutMs: number;
  /** The page's replay requests while requests wait (sos-worker-bridge.ts BACKOFF_MS, maybe shortened). */
  retryMs: readonly number[];
};

/** Statuses a Response cannot carry a body with. */
const NO_BODY = new Set([204, 205, 304]);

/**
 * One request on a fresh connection (so every request meets its own fault),
 * answered as fetch answers: a Response, or a rejection when no reply came
 * within `timeoutMs` or the connection failed.
 */
async function send(request: Request, timeoutMs: number): Promise<Response> {
  const body = Buffer.from(await request.arrayBuffer());
  const headers = Object.fromEntries(request.headers);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      request.url,
      { method: request.method, agent: false, headers: { ...headers, 'content-length': body.byteLength } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          clearTimeout(timer);
          const status = res.statusCode ?? 0;
          try {
            resolve(new Response(NO_BODY.has(status) ? null : Buffer.concat(chunks), { status }));
          } catch (error) {
            // A status no browser would hand to the worker: as good as no reply.
            reject(error instanceof Error ? error : new Error('unreadable reply'));
          }
        });
        res.on('error', (error) => reject(error));
      },
    );
    const timer = setTimeout(() => req.destroy(new Error('timeout')), timeoutMs);
    req.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    req.end(body);
  });
}

async function messageOf(response: Response): Promise<unknown> {
  try {
    return ((await response.clone().json()) as { message?: unknown }).message ?? null;
  } catch {
    // A proxy's or a dying server's page: the status decides.
    return null;
  }
}

/**
 * A phone with our service worker: the worker's own SOS route, replay loop and
 * decisions (sw/sos-route.ts, sw/sos-replayer.ts, sw/replay.ts,
 * src/shared/browser/queued-commands.ts), over a queue in memory and requests on fresh
 * connections, and the page's side reduced to pressing and asking for replays
 * on a backoff timer while requests wait (sos-worker-bridge.ts). Sessions never
 * expire during a run, so the token is fixed and a refresh is refused: any 401
 * is counted as a failure.
 */
export function simulatedPhone(
  baseUrl: () => string,
  token: string,
  timing: PhoneTiming,
  onReply: (status: number, sentAt: number) => void = () => {},
) {
  const queue = memorySosQueue();
  const presses = new Map<string, Press>();
  const inFlight = new Set<Promise<unknown>>();
  let retryStep = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let closed = false;

  const track = (promise: Promise<unknown>): void => {
    const settled = promise.catch(() => undefined);
    inFlight.add(settled);
    void settled.finally(() => inFlight.delete(settled));
  };

  /** The network as the worker sees it; every reply is also what the phone learnt about its press. */
  async function network(request: Request): Promise<Response> {
    const sentAt = Date.now();
    const press = presses.get(request.headers.get(IDEMPOTENCY_KEY_HEADER) ?? '');
    const response = await send(request, timing.replayTimeoutMs);
    onReply(response.status, sentAt);
    if (press) {
      if (response.status === 401) press.unauthorized += 1;
      if (!press.reply && replayDecision('sos', response.status) === 'done')
        press.reply = { status: response.status, message: await messageOf(response) };
    }
    return response;
  }

  const tokens: TokenSource = {
    current: async () => ({ token, userId: '' }),
    refresh: async () => ({ kind: 'rejected' }),
  };

  const replayer = createSosReplayer({
    queue,
    tokens,
    send: network,
    now: Date.now,
    retentionMs: SOS_QUEUE_RETENTION_MINUTES * 60_000,
    onEvent(event) {
      const press = presses.get(event.entry.idempotencyKey);
      if (event.type === 'rejected' && press) press.rejected = (press.rejected ?? 0) + 1;
    },
    onStateChange: () => pageHearsStatus(),
    withLock: (_name, task) => task(),
  });
  const replay = () => replayer.run().catch(() => undefined);

  const handleSos = createSosHandler({
    queue,
    fetch: network,
    currentUserId: async () => '',
    makeKey: randomUUID,
    timeoutMs: timing.liveTimeoutMs,
    replay,
    onQueued: async () => pageHearsStatus(),
  });

  /** The page's bridge: while requests wait, it asks for a replay on a backoff timer; once none wait, it starts over. */
  function pageHearsStatus(): void {
    if (queue.size() === 0) {
      clearTimeout(retryTimer);
      retryTimer = undefined;
      retryStep = 0;
    } else scheduleRetry();
  }

  function scheduleRetry(): void {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      retryStep = Math.min(retryStep + 1, timing.retryMs.length - 1);
      track(replay());
      pageHearsStatus();
    }, timing.retryMs[retryStep]);
  }

  async function sendOrQueue(press: Press): Promise<void> {
    presses.set(press.key, press);
    const request = new Request(`${baseUrl()}${API_PREFIX}${ACTIVE_BUTTON_PATH}`, {
      method: 'PUT',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${token}`,
        [IDEMPOTENCY_KEY_HEADER]: press.key,
      },
      body: JSON.stringify(press.body),
    });
    const response = await handleSos(request, track);
    const queued =
      response.status === 202 &&
      (
        (await response
          .clone()
          .json()
          .catch(() => null)) as { queued?: unknown } | null
      )?.queued === true;
    press.seen = queued ? 'queued' : response.ok ? 'answered' : 'refused';
  }

  return {
    /** Press, and resolve once the page has its answer (sent, queued or refused). */
    press: sendOrQueue,
    /** The `online` event: the page asks for a replay now and backs off from the start. */
    online(): Promise<void> {
      clearTimeout(retryTimer);
      retryTimer = undefined;
      retryStep = 0;
      const round = replay().then(() => pageHearsStatus());
      track(round);
      return round;
    },
    pending: () => queue.size(),
    /** Nothing queued and no request of this phone on the wire. */
    settled: () => queue.size() === 0 && inFlight.size === 0 && !replayer.isRunning(),
    close() {
      closed = true;
      clearTimeout(retryTimer);
    },
  };
}

export type SimulatedPhone = ReturnType<typeof simulatedPhone>;
