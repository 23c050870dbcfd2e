import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import type { ParsedMail } from 'mailparser';

export type SmtpSink = {
  url: string;
  received: ParsedMail[];
  /** The envelope recipients (RCPT TO) of each received message, in the same order. */
  envelopes: string[][];
  /** While true, every message is refused with a 451 (a temporary failure). */
  refuse: boolean;
  /** Recipients refused for good at RCPT TO (550, as for a mailbox that does not exist). */
  unknown: Set<string>;
  /** How many messages were refused so far. */
  refused: number;
  /**
   * Messages for which this says true are read but not answered until
   * `release()`: a slow relay, with those e-mails in flight meanwhile.
   */
  hold: ((mail: ParsedMail) => boolean) | undefined;
  /** Messages read and held, not yet answered. */
  held: ParsedMail[];
  /** The name each held message's client gave in its EHLO, in the same order: which server is sending it. */
  heldFrom: string[];
  /** Accept every held message now, in the order they came. */
  release(): void;
  close(): Promise<void>;
};

/** A real SMTP server on a free port that keeps what it receives. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const waiting: (() => void)[] = [];
  const sink: Partial<SmtpSink> &
    Pick<SmtpSink, 'received' | 'envelopes' | 'refuse' | 'unknown' | 'refused' | 'hold' | 'held' | 'heldFrom'> = {
    received: [],
    envelopes: [],
    refuse: false,
    unknown: new Set(),
    refused: 0,
    hold: undefined,
    held: [],
    heldFrom: [],
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (sink.unknown.has(address.address))
        return callback(Object.assign(new Error('Buzón inexistente'), { responseCode: 550 }));
      callback();
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (sink.refuse) {
            sink.refused += 1;
            const error = Object.assign(new Error('Intente más tarde'), { responseCode: 451 });
            callback(error);
            return;
          }
          if (sink.hold?.(mail)) {
            sink.held.push(mail);
            sink.heldFrom.push(session.hostNameAppearsAs);
            waiting.push(() => {
              sink.received.push(mail);
              sink.envelopes.push(session.envelope.rcptTo.map((rcpt) => rcpt.address));
              callback();
            });
            return;
          }
          sink.received.push(mail);
          sink.envelopes.push(session.envelope.rcptTo.map((rcpt) => rcpt.address));
          callback();
        })
        .catch(callback);
    },
  });
  // A client that dies mid-message (a killed app) is a normal event for a mail server, not a crash.
  server.on('error', () => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  return Object.assign(sink, {
    url: `smtp://127.0.0.1:${port}`,
    release() {
      sink.held = [];
      sink.heldFrom = [];
      for (const accept of waiting.splice(0)) accept();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as SmtpSink;
}
