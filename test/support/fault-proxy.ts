import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request seen by the proxy: when it arrived, and when the app's answer was complete. */
export type Traffic = { method: string; path: string; arrivedAt: number; answeredAt: number; status: number };

/**
 * What the proxy does with a request it was told to fail: answer with a status, or hold it with no
 * answer at all (a network that died silently), until the path heals and its connection drops.
 */
export type Fault = { status: 503 | 502 | 429 } | { hold: true } | null;

export type FaultProxy = {
  url: string;
  port: number;
  /** Fail requests whose path starts with `pathPrefix` (answering like an overloaded load balancer), or heal with null. */
  fail(pathPrefix: string, fault: Fault): void;
  /** How many requests to a path prefix are held unanswered now. */
  heldNow(pathPrefix: string): number;
  /** How many requests to a path prefix were failed (or held), and how many passed through. */
  counts(pathPrefix: string): { failed: number; passed: number };
  /** Calls `listener` for every request the app answered; returns a function that stops it. */
  observe(listener: (traffic: Traffic) => void): () => void;
  close(): Promise<void>;
};

/**
 * An HTTP proxy in front of the real app, as a load balancer would be: everything
 * passes through to the app, except requests we tell it to refuse. The browser
 * only ever talks to the proxy, so its origin is the app's origin.
 */
export async function startFaultProxy(target: { port: number }, port = 0): Promise<FaultProxy> {
  const faults = new Map<string, NonNullable<Fault>>();
  const held = new Map<string, Set<ServerResponse>>();
  const listeners = new Set<(traffic: Traffic) => void>();
  const tally = new Map<string, { failed: number; passed: number }>();
  const countFor = (prefix: string) => tally.get(prefix) ?? tally.set(prefix, { failed: 0, passed: 0 }).get(prefix)!;

  function matching(path: string): string | undefined {
    return [...faults.keys(), ...tally.keys()].find((prefix) => path.startsWith(prefix));
  }

  function forward(incoming: IncomingMessage, outgoing: ServerResponse) {
    const arrivedAt = Date.now();
    const upstream = request(
      { host: '127.0.0.1', port: target.port, method: incoming.method, path: incoming.url, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
        answer.on('end', () => {
          const traffic = {
            method: incoming.method ?? '',
            path: incoming.url ?? '/',
            arrivedAt,
            answeredAt: Date.now(),
            status: answer.statusCode ?? 0,
          };
          for (const listener of listeners) listener(traffic);
        });
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  }

  const server = createServer((incoming, outgoing) => {
    const path = incoming.url ?? '/';
    const prefix = matching(path);
    const fault = prefix === undefined ? undefined : faults.get(prefix);
    if (prefix !== undefined && fault) {
      countFor(prefix).failed += 1;
      incoming.resume();
      if ('hold' in fault) {
        const waiting = held.get(prefix) ?? held.set(prefix, new Set()).get(prefix)!;
        waiting.add(outgoing);
        outgoing.once('close', () => waiting.delete(outgoing));
        return;
      }
      outgoing.writeHead(fault.status, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '1' });
      outgoing.end('Servicio no disponible');
      return;
    }
    if (prefix !== undefined) countFor(prefix).passed += 1;
    forward(incoming, outgoing);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const actual = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${actual}`,
    port: actual,
    fail(pathPrefix, fault) {
      countFor(pathPrefix);
      if (fault) faults.set(pathPrefix, fault);
      else faults.delete(pathPrefix);
      // What was held never gets its answer: its connection drops, as a dead one does once noticed.
      if (!fault || !('hold' in fault)) for (const response of held.get(pathPrefix) ?? []) response.destroy();
    },
    heldNow: (pathPrefix) => held.get(pathPrefix)?.size ?? 0,
    counts: (pathPrefix) => ({ ...countFor(pathPrefix) }),
    observe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
