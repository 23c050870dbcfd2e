import type { Pool } from 'undici';
/** One HTTP request of a load run, made fresh for every send (a new person, a new idempotency key). */
export type LoadRequest = {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers: Record<string, string>;
  body?: string;
};

/** Sends one request of a figure's own and waits for its whole reply; anything but 200 stops the figure. */
export async function sendExpectingOk(pool: Pool, request: LoadRequest): Promise<void> {
  const reply = await pool.request({
    method: request.method,
    path: request.path,
    headers: request.headers,
    body: request.body,
  });
  await reply.body.dump();
  if (reply.statusCode !== 200) throw new Error(`${request.method} ${request.path} answered ${reply.statusCode}`);
}

/**
 * What a load run measured. Latencies in ms (NaN when nothing was answered);
 * `errors` counts failed connections, time-outs and unexpected statuses;
 * `unanswered`, requests still waiting when the run ended.
 */
export type LoadResult = {
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  unanswered: number;
  completed: number;
  seconds: number;
};
