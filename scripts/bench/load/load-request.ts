/** One HTTP request of a load run, made fresh for every send (a new person, a new idempotency key). */
export type LoadRequest = {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  headers: Record<string, string>;
  body?: string;
};

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
