import autocannon from 'autocannon';
import type { LoadRequest, LoadResult } from './load-request.ts';

/**
 * A fixed number of connections, each sending its next request as soon as the
 * previous one is answered (autocannon): finds the peak rate at that
 * concurrency. Its latencies are closed-loop (a slow reply delays the next
 * send), so the latency budget is judged by the open-loop runner instead.
 */
export async function runClosedLoop(options: {
  url: string;
  connections: number;
  seconds: number;
  next: () => LoadRequest;
  /** The status a good reply has, when it is not 2xx (the calibration's 404). */
  expectStatus?: number;
}): Promise<LoadResult> {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    timeout: 10,
    requests: [
      {
        setupRequest: (request) => {
          const { method, path, headers, body } = options.next();
          return { ...request, method, path, headers, body };
        },
      },
    ],
  });
  const good = options.expectStatus
    ? (result.statusCodeStats?.[String(options.expectStatus) as '200']?.count ?? 0)
    : result['2xx'];
  const sent = result['1xx'] + result['2xx'] + result['3xx'] + result['4xx'] + result['5xx'];
  return {
    perSecond: good / result.duration,
    p50: sent ? result.latency.p50 : Number.NaN,
    p99: sent ? result.latency.p99 : Number.NaN,
    errors: result.errors + result.timeouts + (sent - good),
    unanswered: Math.max(0, result.requests.sent - sent - result.errors),
    completed: good,
    seconds: result.duration,
  };
}
