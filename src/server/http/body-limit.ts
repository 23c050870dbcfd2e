import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';

/**
 * Hono's bodyLimit, without its cost on every request: it reads
 * `c.req.raw.body`, which makes @hono/node-server build a full web Request and
 * stream for each one, which the CPU profile of a press showed.
 * A request that came with a Content-Length and no Transfer-Encoding is judged
 * by that header (Node's HTTP parser holds the body to it); any other (chunked,
 * or a Request made in-process) is counted as it streams in, by Hono's.
 */
export function limitBody(maxSize: number, onError: (c: Context) => Response | Promise<Response>): MiddlewareHandler {
  const streamed = bodyLimit({ maxSize, onError });
  return async (c, next) => {
    // A web Request cannot carry a body on these, and nothing here reads one.
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length === undefined || c.req.header('transfer-encoding') !== undefined) return streamed(c, next);
    if (Number.parseInt(length, 10) > maxSize) return onError(c);
    await next();
  };
}
