// Loaded into the server by tail-gc.ts (NODE_OPTIONS=--import=…). Writes to PROBE_FILE,
// one JSON line each: every garbage collection (epoch start, duration, kind) as V8
// reports it, and every 250 ms the event loop's delay over that window (max, p99),
// so the probe can set the server's pauses beside each slow request; and each request's
// time in the handler (from Node's 'request' event to the reply's 'finish').
import { appendFileSync } from 'node:fs';
import http from 'node:http';
import { PerformanceObserver, constants, monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const file = process.env.PROBE_FILE;
if (file && isMainThread) {
  const kinds = {
    [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
    [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
  };
  let lines = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      lines.push(
        JSON.stringify({
          gc: kinds[entry.detail?.kind] ?? String(entry.detail?.kind),
          at: performance.timeOrigin + entry.startTime,
          ms: entry.duration,
        }),
      );
    }
  }).observe({ entryTypes: ['gc'] });
  const emit = http.Server.prototype.emit;
  http.Server.prototype.emit = function (event, request, response) {
    if (event === 'request' && request.method === 'PUT') {
      const begun = performance.now();
      response.once('finish', () =>
        lines.push(JSON.stringify({ req: performance.timeOrigin + begun, ms: performance.now() - begun })),
      );
    }
    return emit.apply(this, arguments);
  };
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  setInterval(() => {
    const heap = process.memoryUsage();
    lines.push(
      JSON.stringify({
        loop: Date.now(),
        max: delay.max / 1e6,
        p99: delay.percentile(99) / 1e6,
        heapMB: heap.heapUsed / 2 ** 20,
      }),
    );
    delay.reset();
    appendFileSync(file, lines.map((line) => `${line}\n`).join(''));
    lines = [];
  }, 250).unref();
}
