import { createServer, request as forward, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export type CuttableProxy = {
  /** The address the browser uses (the app's PUBLIC_URL). */
  url: string;
  /** The app behind it, once it listens. */
  setTarget(port: number): void;
  /** No signal: open connections drop and new ones are refused, for page and worker alike. */
  cut(): Promise<void>;
  /** Signal back, on the same address. */
  restore(): Promise<void>;
  /** Holds every request whose path matches `path` (the app's code, say) until `release()`. */
  hold(path: RegExp): { release: () => void };
  close(): Promise<void>;
};

export type ProxyAdditions = {
  /** Scripts (`<script src>`) put first in every HTML page's head, and the files they load. */
  headScripts?: Record<string, string>;
  /** Appended to the service worker's script. */
  workerScript?: string;
  workerPath?: string;
};

/**
 * A loopback HTTP proxy between the browser and the app that the test switches
 * off and on, the one way to take the network from a page and its service worker
 * together in every engine. It can add the test's own scripts to the app's pages
 * and worker, from the app's origin.
 */
export async function startCuttableProxy(additions: ProxyAdditions = {}): Promise<CuttableProxy> {
  const { headScripts = {}, workerScript = '', workerPath = '/build/sw.js' } = additions;
  const tags = Object.keys(headScripts)
    .map((src) => `<script src="${src}"></script>`)
    .join('');
  const rewrites = tags !== '' || workerScript !== '';
  let target = 0;
  const sockets = new Set<Socket>();
  const holds = new Set<{ path: RegExp; released: Promise<void> }>();

  function relay(incoming: IncomingMessage, outgoing: ServerResponse): void {
    const path = incoming.url ?? '/';
    const pathname = new URL(path, 'http://proxy').pathname;
    const held = [...holds].find((hold) => hold.path.test(pathname));
    if (held) {
      void held.released.then(() => relay(incoming, outgoing));
      return;
    }
    const own = headScripts[pathname];
    if (own !== undefined && incoming.method === 'GET') {
      outgoing.writeHead(200, { 'Content-Type': 'text/javascript', 'Cache-Control': 'no-store' }).end(own);
      return;
    }
    const headers = { ...incoming.headers };
    // Plain bodies, so pages and the worker can be added to.
    if (rewrites) delete headers['accept-encoding'];
    const upstream = forward(
      { host: '127.0.0.1', port: target, method: incoming.method, path, headers, agent: false },
      (answer) => {
        const type = String(answer.headers['content-type'] ?? '');
        const html = tags !== '' && type.startsWith('text/html');
        const worker = workerScript !== '' && pathname === workerPath && answer.statusCode === 200;
        if (!html && !worker) {
          outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(outgoing);
          return;
        }
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => chunks.push(chunk));
        answer.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const body = html ? text.replace(/<head>/i, `<head>${tags}`) : `${text}\n${workerScript}`;
          const { 'content-length': _length, etag: _etag, ...rest } = answer.headers;
          outgoing
            .writeHead(answer.statusCode ?? 502, { ...rest, 'content-length': Buffer.byteLength(body) })
            .end(body);
        });
      },
    );
    upstream.on('error', () => outgoing.destroy());
    outgoing.on('close', () => upstream.destroy());
    incoming.pipe(upstream);
  }

  const server = createServer(relay);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  let listening = true;

  const stop = () =>
    new Promise<void>((resolve) => {
      if (!listening) return resolve();
      listening = false;
      server.close(() => resolve());
      for (const socket of sockets) socket.destroy();
    });

  return {
    url: `http://127.0.0.1:${port}`,
    setTarget(next) {
      target = next;
    },
    cut: stop,
    restore: () =>
      new Promise<void>((resolve, reject) => {
        if (listening) return resolve();
        server.once('error', reject);
        server.listen(port, '127.0.0.1', () => {
          server.off('error', reject);
          listening = true;
          resolve();
        });
      }),
    hold(heldPath) {
      let release = () => {};
      const hold = { path: heldPath, released: new Promise<void>((resolve) => (release = resolve)) };
      holds.add(hold);
      return {
        release: () => {
          holds.delete(hold);
          release();
        },
      };
    },
    close: stop,
  };
}
