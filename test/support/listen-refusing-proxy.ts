import { connect, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

export type ListenRefusingProxy = {
  /** The database's URL, through the proxy. */
  url: string;
  /** While on, every LISTEN is answered as a standby in recovery answers it, and never reaches the database. */
  refuseListen(on: boolean): void;
  /** Ends every connection that LISTENs now, as a database restart would. */
  dropListeners(): void;
  /** LISTENs refused so far, and connections open now that sent a LISTEN (refused or not). */
  counts(): { refused: number; openAfterListen: number };
  close(): Promise<void>;
};

/** PostgreSQL's SSLRequest and GSSENCRequest codes: a startup-phase message that another follows. */
const NEGOTIATION_CODES = new Set([80877103, 80877104]);

function message(type: string, body: Buffer): Buffer {
  const header = Buffer.alloc(5);
  header.write(type, 0, 'latin1');
  header.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([header, body]);
}

/** What a hot standby answers to LISTEN (SQLSTATE 25006, read-only transaction), then ready for the next query. */
const LISTEN_REFUSED = Buffer.concat([
  message('E', Buffer.from('SERROR\0VERROR\0C25006\0Mcannot execute LISTEN during recovery\0\0', 'latin1')),
  message('Z', Buffer.from('I', 'latin1')),
]);

/**
 * A proxy in front of PostgreSQL that reads the client's side of the wire protocol: every message
 * passes untouched, except a LISTEN while refusing, which it answers itself. It stands in for a
 * database that accepts connections and queries but not LISTEN, as a standby does after a failover.
 */
export async function startListenRefusingProxy(databaseUrl: string): Promise<ListenRefusingProxy> {
  const target = new URL(databaseUrl);
  let refusing = false;
  let refused = 0;
  const sockets = new Set<Socket>();
  const listening = new Set<Socket>();

  function handle(client: Socket): void {
    sockets.add(client);
    const upstream = connect(Number(target.port), target.hostname);
    sockets.add(upstream);
    for (const socket of [client, upstream]) {
      socket.on('error', () => socket.destroy());
      socket.once('close', () => {
        sockets.delete(socket);
        listening.delete(client);
        client.destroy();
        upstream.destroy();
      });
    }
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    let pending = Buffer.alloc(0);
    let startup = true;
    client.on('data', (chunk: Buffer) => {
      pending = Buffer.concat([pending, chunk]);
      for (;;) {
        const headerLength = startup ? 0 : 1;
        if (pending.length < headerLength + 4) return;
        const length = headerLength + pending.readInt32BE(headerLength);
        if (pending.length < length) return;
        const whole = pending.subarray(0, length);
        pending = pending.subarray(length);
        if (startup) {
          startup = length === 8 && NEGOTIATION_CODES.has(whole.readInt32BE(4));
          upstream.write(whole);
          continue;
        }
        const listen = whole[0] === 0x51 && /^\s*listen\b/i.test(whole.subarray(5).toString('utf8'));
        if (listen) listening.add(client);
        if (listen && refusing) {
          refused += 1;
          client.write(LISTEN_REFUSED);
        } else upstream.write(whole);
      }
    });
  }

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(databaseUrl);
  // Through the proxy, over TCP: not by the Unix socket the embedded database's URL may name.
  url.searchParams.delete('host');
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as AddressInfo).port);
  return {
    url: url.toString(),
    refuseListen(on) {
      refusing = on;
    },
    dropListeners() {
      for (const socket of listening) socket.destroy();
    },
    counts: () => ({ refused, openAfterListen: listening.size }),
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
