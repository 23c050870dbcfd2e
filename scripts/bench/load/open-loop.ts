import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Pool } from 'undici';
import type { LoadRequest, LoadResult } from './load-request.ts';
import { percentile } from './percentile.ts';

export type OpenLoopResult = LoadResult & {
  /** How far behind its schedule the sender itself fell at worst (ms): large means the client, not the server, was busy. */
  maxSendLag: number;
};

/**
 * An open-loop load: request i is due at start + i / rate whatever happened to
 * the ones before it, and its latency runs from that scheduled moment to the
 * end of its reply. A server that stalls therefore shows its stall in every
 * request that was due meanwhile (no coordinated omission, unlike a
 * closed loop such as autocannon's `overallRate`). We found no maintained
 * Node package that sends on a schedule this way, so it is this small
 * scheduler on undici's connection pool.
 */
export async function runOpenLoop(options: {
  url: string;
  /** Requests per second offered. */
  rate: number;
  seconds: number;
  next: () => LoadRequest;
  /** Connections the pool may open, like that many phones at once. */
  maxConnections?: number;
  timeoutMs?: number;
  /** How long after the last request was due the run waits for answers (a server far behind would otherwise set the run's length); later ones are `unanswered`. */
  graceMs?: number;
  /** Each answered request's due time (epoch ms) and latency, for probes that set them beside the server's pauses. */
  onReply?: (dueEpoch: number, latencyMs: number) => void;
}): Promise<OpenLoopResult> {
  const { rate, seconds, next, maxConnections = 500, timeoutMs = 10_000, graceMs = 5_000 } = options;
  const pool = new Pool(new URL(options.url).origin, {
    connections: maxConnections,
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
  });
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  const inFlight = new Map<Promise<void>, number>();
  let errors = 0;
  let maxSendLag = 0;
  let lastReply = 0;
  let givenUp = false;

  async function send(request: LoadRequest, due: number): Promise<void> {
    try {
      const reply = await pool.request({
        method: request.method,
        path: request.path,
        headers: request.headers,
        body: request.body,
      });
      await reply.body.dump();
      const done = performance.now();
      lastReply = Math.max(lastReply, done);
      if (reply.statusCode >= 200 && reply.statusCode < 300) {
        latencies.push(done - due);
        options.onReply?.(performance.timeOrigin + due, done - due);
      } else errors += 1;
    } catch {
      if (!givenUp) errors += 1;
    }
  }

  const start = performance.now() + 20;
  let sent = 0;
  while (sent < total) {
    const now = performance.now();
    // Everything due by now goes out at once; its latency still counts from its own due time.
    while (sent < total && start + (sent * 1000) / rate <= now) {
      const due = start + (sent * 1000) / rate;
      maxSendLag = Math.max(maxSendLag, now - due);
      const request = send(next(), due);
      inFlight.set(request, due);
      void request.finally(() => inFlight.delete(request));
      sent += 1;
    }
    await sleep(1);
  }
  const waited = await Promise.race([Promise.all(inFlight.keys()).then(() => true), sleep(graceMs).then(() => false)]);
  const unfinished = waited ? 0 : inFlight.size;
  givenUp = !waited;
  // Their latency is at least what they waited so far: counted so, the percentiles stay honest (lower bounds).
  const gaveUpAt = performance.now();
  for (const due of inFlight.values()) latencies.push(gaveUpAt - due);
  await pool.destroy();
  const elapsed = (lastReply - start) / 1000;
  return {
    perSecond: (latencies.length - unfinished) / Math.max(elapsed, seconds),
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    errors,
    unanswered: unfinished,
    completed: latencies.length - unfinished,
    seconds: elapsed,
    maxSendLag,
  };
}
