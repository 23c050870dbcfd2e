import { request } from 'node:http';
import { ACTIVE_BUTTON_PATH, API_PREFIX, IDEMPOTENCY_KEY_HEADER } from '#shared/constants.ts';
import { decideReplay, shouldQueueLiveReply, type SosOutcome } from '#sw/sos-decisions.ts';

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
  /** The page's retry timer while the app is open (page-queue.ts RETRY_MS, maybe shortened). */
  retryMs: readonly number[];
};

type Reply = { status: number; message: unknown } | 'network-error';

/** PUT /api/active-button on a fresh connection (so every request meets its own fault), with a deadline. */
function put(baseUrl: string, token: string, press: Press, timeoutMs: number): Promise<Reply> {
  const body = JSON.stringify(press.body);
  return new Promise((resolve) => {
    const req = request(
      `${baseUrl}${API_PREFIX}${ACTIVE_BUTTON_PATH}`,
      {
        method: 'PUT',
        agent: false,
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          [IDEMPOTENCY_KEY_HEADER]: press.key,
          'content-length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          clearTimeout(timer);
          let message: unknown = null;
          try {
            message = (JSON.parse(text) as { message?: unknown }).message ?? null;
          } catch {
            // A proxy's or a dying server's page: the status decides.
          }
          resolve({ status: res.statusCode ?? 0, message });
        });
        res.on('error', () => resolve('network-error'));
      },
    );
    const timer = setTimeout(() => req.destroy(new Error('timeout')), timeoutMs);
    req.on('error', () => {
      clearTimeout(timer);
      resolve('network-error');
    });
    req.end(body);
  });
}

const outcomeOf = (reply: Reply): SosOutcome => (reply === 'network-error' ? 'network-error' : reply.status);

/**
 * A phone with our service worker, reduced to what decides delivery (sw/sos-route.ts,
 * sw/replay.ts, and the decision table itself, imported from sw/sos-decisions.ts):
 * presses take turns; with an empty queue the live reply passes through unless it
 * is a 5xx, 429 or 408 or takes longer than the time limit; otherwise the request
 * joins the queue (same Idempotency-Key) and the page hears 202 queued. The queue
 * replays oldest first, one at a time, stops at the first failure, and runs again
 * on its timer and when the network comes back.
 */
export function simulatedPhone(baseUrl: () => string, token: string, timing: PhoneTiming, onReply: (status: number, sentAt: number) => void = () => {}) {
  const queue: Press[] = [];
  const inFlight = new Set<Promise<unknown>>();
  let lane: Promise<unknown> = Promise.resolve();
  let replaying: Promise<void> | undefined;
  let again = false;
  let retryStep = 0;
  let retryTimer: NodeJS.Timeout | undefined;
  let closed = false;

  const track = <T>(promise: Promise<T>): Promise<T> => {
    inFlight.add(promise);
    void promise.finally(() => inFlight.delete(promise));
    return promise;
  };

  const record = (press: Press, reply: Reply, sentAt: number) => {
    if (reply === 'network-error') return;
    onReply(reply.status, sentAt);
    if (reply.status === 401) press.unauthorized += 1;
    if (!press.reply && decideReplay(reply.status) === 'done') press.reply = reply;
  };

  async function sendOrQueue(press: Press): Promise<void> {
    if (queue.length > 0) {
      queue.push(press);
      press.seen = 'queued';
      replay();
      return;
    }
    const sentAt = Date.now();
    const live = track(put(baseUrl(), token, press, timing.replayTimeoutMs));
    void live.then((reply) => record(press, reply, sentAt));
    let timer: NodeJS.Timeout | undefined;
    const first = await Promise.race([
      live,
      new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), timing.liveTimeoutMs))),
    ]);
    clearTimeout(timer);
    if (first !== 'timeout' && first !== 'network-error' && !shouldQueueLiveReply(first.status)) {
      press.seen = first.status >= 200 && first.status < 300 ? 'answered' : 'refused';
      return;
    }
    queue.push(press);
    press.seen = 'queued';
    // A late live answer is harmless (same key); once it settles, a replay delivers the copy or learns it is done.
    if (first === 'timeout') void live.then(replay);
    else scheduleRetry();
  }

  async function round(): Promise<'empty' | 'waiting'> {
    for (;;) {
      const entry = queue[0];
      if (!entry) return 'empty';
      const sentAt = Date.now();
      const reply = await track(put(baseUrl(), token, entry, timing.replayTimeoutMs));
      record(entry, reply, sentAt);
      const decision = decideReplay(outcomeOf(reply));
      if (decision === 'done' || decision === 'reject') {
        if (decision === 'reject') entry.rejected = (entry.rejected ?? 0) + 1;
        queue.shift();
        continue;
      }
      return 'waiting';
    }
  }

  function replay(): Promise<void> {
    if (replaying) {
      again = true;
      return replaying;
    }
    replaying = (async () => {
      let outcome: 'empty' | 'waiting';
      do {
        again = false;
        outcome = await round();
      } while (again);
      if (outcome === 'empty') retryStep = 0;
      else scheduleRetry();
    })().finally(() => {
      replaying = undefined;
    });
    return replaying;
  }

  function scheduleRetry(): void {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      retryStep = Math.min(retryStep + 1, timing.retryMs.length - 1);
      void replay();
    }, timing.retryMs[retryStep]);
  }

  return {
    /** Press, and resolve once the page has its answer (sent, queued or refused). */
    press(press: Press): Promise<void> {
      const turn = lane.then(() => sendOrQueue(press));
      lane = turn.catch(() => undefined);
      return turn;
    },
    /** The `online` event: replay now and back off from the start. */
    online(): Promise<void> {
      clearTimeout(retryTimer);
      retryTimer = undefined;
      retryStep = 0;
      return replay();
    },
    pending: () => queue.length,
    /** Nothing queued and no request of this phone on the wire. */
    settled: () => queue.length === 0 && inFlight.size === 0 && !replaying,
    close() {
      closed = true;
      clearTimeout(retryTimer);
    },
  };
}

export type SimulatedPhone = ReturnType<typeof simulatedPhone>;
