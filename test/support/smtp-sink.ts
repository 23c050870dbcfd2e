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
  /** How many messages were refused so far. */
  refused: number;
  close(): Promise<void>;
};

/** A real SMTP server on a free port that keeps what it receives. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const sink: Partial<SmtpSink> & { received: ParsedMail[]; envelopes: string[][]; refuse: boolean; refused: number } = {
    received: [],
    envelopes: [],
    refuse: false,
    refused: 0,
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (sink.refuse) {
            sink.refused += 1;
            const error = Object.assign(new Error('Intente más tarde'), { responseCode: 451 });
            callback(error);
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
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }) as SmtpSink;
}
