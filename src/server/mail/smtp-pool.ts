import SMTPConnection from 'nodemailer/lib/smtp-connection';
import { parseConnectionUrl } from 'nodemailer/lib/shared';

// Our messages are composed before they are sent (mime-message.ts), so all that
// is left is the SMTP conversation. nodemailer's pooled transport would take
// each one through its message object, its stream tree and its queue again, at
// about as much CPU as the rest of the sender together; here the bytes go
// straight to a kept connection of nodemailer's own SMTP client, which speaks
// the protocol (TLS, STARTTLS, AUTH, PIPELINING: envelope and DATA in one write).

/** The envelope: the sender and one recipient, both bare addresses checked by the caller. */
export type SmtpEnvelope = { from: string; to: string };

export type SmtpPool = {
  /** Resolves once the server accepted the message; rejects with the client's error (`code`, `responseCode`, `command`). */
  send(envelope: SmtpEnvelope, message: Buffer): Promise<void>;
  /** Closes every connection; a send still waiting for one fails. */
  close(): void;
};

type Connection = { smtp: SMTPConnection; alive: boolean; sent: number };
type Waiter = { resolve: (connection: Connection) => void; reject: (error: Error) => void };

/** Failures of the connection itself (dropped, timed out, server closing), not of the message. */
function isConnectionFailure(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  return responseCode === 421 || code === 'ECONNECTION' || code === 'ESOCKET' || code === 'ETIMEDOUT';
}

/**
 * At most `wanted` connections to the server of `url`, opened when first needed
 * and kept. The URL's own `maxConnections` wins (a relay may allow fewer); the
 * other settings in it (`secure`, `requireTLS`, `tls.*`, timeouts) go to the client.
 */
export function createSmtpPool(url: string, wanted: number): SmtpPool {
  const {
    auth,
    maxConnections,
    pool: _pooled,
    ...options
  } = parseConnectionUrl(url) as ReturnType<typeof parseConnectionUrl> & {
    maxConnections?: unknown;
    pool?: unknown;
  };
  const size =
    typeof maxConnections === 'number' && Number.isInteger(maxConnections) && maxConnections >= 1
      ? maxConnections
      : wanted;
  const idle: Connection[] = [];
  const waiting: Waiter[] = [];
  const all = new Set<Connection>();
  /** Connections open or opening, counted against `size`. */
  let open = 0;
  let closed = false;

  function discard(connection: Connection): void {
    if (!connection.alive) return;
    connection.alive = false;
    all.delete(connection);
    open -= 1;
    const at = idle.indexOf(connection);
    if (at >= 0) idle.splice(at, 1);
    connection.smtp.close();
    // Someone waits for a connection and there is room again: open one for them.
    const next = waiting.shift();
    if (next && !closed) connect().then(next.resolve, next.reject);
  }

  function connect(): Promise<Connection> {
    open += 1;
    return new Promise((resolve, reject) => {
      const smtp = new SMTPConnection(options);
      const connection: Connection = { smtp, alive: true, sent: 0 };
      all.add(connection);
      let settled = false;
      const fail = (error: Error) => {
        discard(connection);
        if (settled) return;
        settled = true;
        reject(error);
      };
      // Always listened to: an idle connection the server drops or times out emits
      // 'error', which would otherwise end the thread. A send in flight hears of it too.
      smtp.on('error', fail);
      smtp.once('end', () => fail(Object.assign(new Error('connection closed'), { code: 'ECONNECTION' })));
      smtp.connect((error) => {
        if (error) return fail(error);
        const ready = () => {
          if (settled) return;
          settled = true;
          resolve(connection);
        };
        if (!auth || !smtp.allowsAuth) return ready();
        smtp.login(auth, (error) => (error ? fail(error) : ready()));
      });
    });
  }

  function acquire(): Promise<Connection> {
    if (closed) return Promise.reject(Object.assign(new Error('pool closed'), { code: 'ECONNECTION' }));
    const connection = idle.pop();
    if (connection) return Promise.resolve(connection);
    if (open < size) return connect();
    return new Promise((resolve, reject) => waiting.push({ resolve, reject }));
  }

  function release(connection: Connection): void {
    if (!connection.alive) return;
    const next = waiting.shift();
    if (next) next.resolve(connection);
    else idle.push(connection);
  }

  function sendOn(connection: Connection, envelope: SmtpEnvelope, message: Buffer): Promise<void> {
    return new Promise((resolve, reject) => {
      connection.smtp.send({ from: envelope.from, to: [envelope.to] }, message, (error) => {
        if (!error) {
          connection.sent += 1;
          release(connection);
          return resolve();
        }
        if (isConnectionFailure(error) || !connection.alive) {
          discard(connection);
          return reject(error);
        }
        // The server refused this message and the session goes on: reset it for the next one.
        // Not awaited: a connection lost meanwhile never answers, and 'error' discards it.
        connection.smtp.reset((resetError) => (resetError ? discard(connection) : release(connection)));
        reject(error);
      });
    });
  }

  return {
    async send(envelope, message) {
      const connection = await acquire();
      const reused = connection.sent > 0;
      try {
        await sendOn(connection, envelope, message);
      } catch (error) {
        // A kept connection the server had dropped meanwhile: once more, on another (at least once, as everywhere in the outbox).
        if (!reused || !isConnectionFailure(error) || closed) throw error;
        await sendOn(await acquire(), envelope, message);
      }
    },
    close() {
      closed = true;
      for (const waiter of waiting.splice(0))
        waiter.reject(Object.assign(new Error('pool closed'), { code: 'ECONNECTION' }));
      for (const connection of [...all]) {
        connection.alive = false;
        connection.smtp.quit();
      }
      all.clear();
      idle.length = 0;
      open = 0;
    },
  };
}
