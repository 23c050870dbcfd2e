/** One HTTP request of a load run, made fresh for every send (a new person, a new idempotency key). */
export type LoadRequest = { method: 'GET' | 'POST' | 'PUT'; path: string; headers: Record<string, string>; body?: string };

/** What a load run measured. Latencies in ms; `errors` counts failed connections, time-outs and non-2xx replies. */
export type LoadResult = { perSecond: number; p50: number; p99: number; errors: number; completed: number; seconds: number };
