import { performance } from 'node:perf_hooks';
import { SMTPServer } from 'smtp-server';

/** One message the listener accepted: when (performance.now() of this process) and for whom. */
export type Accepted = { at: number; to: string[] };

export type SmtpCounter = {
  url: string;
  accepted: Accepted[];
  /** Resolves once every address in `to` has been accepted at or after `since` (null after `timeoutMs`). */
  waitFor(to: string[], since: number, timeoutMs?: number): Promise<number | null>;
  /**
   * Accept at most `perSecond` messages a second, one after another in the
   * order their data ended, as a relay that throttles us does; undefined
   * accepts each at once. Messages already waiting keep their turn.
   */
  limit(perSecond: number | undefined): void;
  close(): Promise<void>;
};

/**
 * A local SMTP listener that only counts: it reads each message to its end and
 * accepts it, without parsing, so the bench measures our outbox and not a
 * MIME parser (test/support/smtp-sink.ts parses; it is for tests that read mail).
 */
export async function startSmtpCounter(): Promise<SmtpCounter> {
  const accepted: Accepted[] = [];
  const waiters = new Set<() => void>();
  let gapMs = 0;
  /** When the throttled listener is free to accept its next message (performance.now()). */
  let nextFree = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // A relay would look the client's name up; here that only waits on a resolver with no network.
    disableReverseLookup: true,
    maxClients: 1000,
    onData(stream, session, callback) {
      stream.on('data', () => undefined);
      stream.on('end', () => {
        const accept = () => {
          accepted.push({ at: performance.now(), to: session.envelope.rcptTo.map((rcpt) => rcpt.address) });
          callback();
          for (const wake of waiters) wake();
        };
        if (gapMs === 0) return accept();
        const now = performance.now();
        const at = Math.max(now, nextFree);
        nextFree = at + gapMs;
        setTimeout(accept, at - now);
      });
    },
  });
  // The app closing its kept connections when it stops is a normal event for a mail server, not a crash.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = address && typeof address === 'object' ? address.port : 0;

  return {
    url: `smtp://127.0.0.1:${port}`,
    accepted,
    waitFor(to, since, timeoutMs = 30_000) {
      const wanted = new Set(to);
      let last = 0;
      // Only what arrived since the last look is read: the list grows long over a bench run.
      let cursor = 0;
      return new Promise((resolve) => {
        const check = () => {
          for (; cursor < accepted.length; cursor += 1) {
            const mail = accepted[cursor]!;
            if (mail.at < since) continue;
            for (const address of mail.to) if (wanted.delete(address)) last = Math.max(last, mail.at);
          }
          if (wanted.size === 0) finish(last);
        };
        const finish = (at: number | null) => {
          clearTimeout(timer);
          waiters.delete(check);
          resolve(at);
        };
        const timer = setTimeout(() => finish(null), timeoutMs);
        waiters.add(check);
        check();
      });
    },
    limit(perSecond) {
      gapMs = perSecond ? 1000 / perSecond : 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
