import { createServer, connect, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * What happens to one TCP connection:
 * - pass: bytes flow both ways untouched;
 * - delay: the request waits before it reaches the app, and the answer before it reaches the phone;
 * - drop: the request vanishes and no answer ever comes (the phone gives up on its own timer);
 * - reset: the connection is reset before the request reaches the app;
 * - lose-answer: the app gets the request and answers, but the phone's connection is reset
 *   at the first byte of the answer (the server did the work, the phone cannot know).
 */
export type TcpFault = 'pass' | 'delay' | 'drop' | 'reset' | 'lose-answer';
export const TCP_FAULTS: readonly TcpFault[] = ['pass', 'delay', 'drop', 'reset', 'lose-answer'];

/** Picks the fate of each new connection; `delayMs` is used when the fate is 'delay'. */
export type FaultPlan = () => { fault: TcpFault; delayMs?: number };

export type TcpFaultProxy = {
  url: string;
  port: number;
  /** The app instances behind the proxy, taken in turn, as a round-robin load balancer does. */
  setTargets(ports: number[]): void;
  setPlan(plan: FaultPlan): void;
  /** Connections per fate, and connections the proxy could not pass on because no app listened. */
  counts(): Record<TcpFault | 'app-down', number>;
  close(): Promise<void>;
};

export const passEverything: FaultPlan = () => ({ fault: 'pass' });

/** A TCP proxy in front of the app instances that drops, delays and resets connections on purpose. */
export async function startTcpFaultProxy(targets: number[]): Promise<TcpFaultProxy> {
  let ports = [...targets];
  let plan: FaultPlan = passEverything;
  let turn = 0;
  const sockets = new Set<Socket>();
  const tally: Record<TcpFault | 'app-down', number> = {
    pass: 0,
    delay: 0,
    drop: 0,
    reset: 0,
    'lose-answer': 0,
    'app-down': 0,
  };

  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    // A reset peer is part of the game, never a crash.
    socket.on('error', () => socket.destroy());
  };

  function handle(client: Socket): void {
    track(client);
    const { fault, delayMs = 0 } = plan();
    tally[fault] += 1;
    if (fault === 'drop') {
      client.resume();
      return;
    }
    if (fault === 'reset') {
      client.once('data', () => client.resetAndDestroy());
      return;
    }
    const port = ports[turn++ % ports.length] ?? 0;
    const held: Buffer[] = [];
    let upstream: Socket | undefined;
    client.on('data', (chunk: Buffer) => (upstream ? upstream.write(chunk) : held.push(chunk)));
    client.once('end', () => upstream?.end());
    client.once('close', () => upstream?.destroy());

    const open = () => {
      if (client.destroyed) return;
      const app = connect(port, '127.0.0.1');
      track(app);
      app.once('error', () => {
        if (!upstream) tally['app-down'] += 1;
        client.resetAndDestroy();
      });
      app.once('connect', () => {
        upstream = app;
        for (const chunk of held.splice(0)) app.write(chunk);
      });
      app.once('end', () => client.end());
      // A clean end lets the answer drain first; only a broken connection is passed on at once.
      app.once('close', (hadError) => hadError && client.resetAndDestroy());
      app.on('data', (chunk: Buffer) => {
        if (fault === 'lose-answer') {
          app.destroy();
          client.resetAndDestroy();
          return;
        }
        if (fault === 'delay') {
          app.pause();
          setTimeout(() => {
            if (!client.destroyed) client.write(chunk);
            app.resume();
          }, delayMs);
          return;
        }
        client.write(chunk);
      });
    };
    if (fault === 'delay') setTimeout(open, delayMs);
    else open();
  }

  const server = createServer({ pauseOnConnect: false }, handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    setTargets(next) {
      ports = [...next];
    },
    setPlan(next) {
      plan = next;
    },
    counts: () => ({ ...tally }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
