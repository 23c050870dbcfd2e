import path from 'node:path';
import type pg from 'pg';
import type { Clock } from '#server/clock.ts';
import type { Config } from '#server/config.ts';
import type { Log } from '#server/log.ts';
import { GENERAL_LANE, URGENT_LANE, createOutboxWorker, type OutboxWorker } from '#server/mail/outbox-worker.ts';
import { createMailTransport, type MailTransport } from '#server/mail/transport.ts';
import { renderStoredMail } from '#server/messages/render-message.ts';
import { createPushSender } from '#server/push/push-sender.ts';

/** What the sender needs of the configuration: plain data, so it can cross into the sender's thread. */
export type SenderConfig = Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir' | 'secret' | 'publicUrl' | 'push'>;

export type MailSender = {
  worker: OutboxWorker;
  /** The general lane's transport (every e-mail but an alert's). */
  transport: MailTransport;
  /** The alert lane's own SMTP connections. */
  urgentTransport: MailTransport;
  /** Stop the worker, then close both transports. */
  stop(): Promise<void>;
};

/**
 * The outbox worker with its two transports: the alert lane gets SMTP
 * connections of its own, so invitations holding every connection of the other
 * never make an SOS wait in the mail library's queue. Without SMTP_URL both
 * write `.eml` files to DATA_DIR/mail.
 */
export function createMailSender({
  pool,
  config,
  clock,
  log,
}: {
  pool: pg.Pool;
  config: SenderConfig;
  clock: Clock;
  log: Log;
}): MailSender {
  const options = { smtpUrl: config.smtpUrl, from: config.mailFrom, mailDir: path.join(config.dataDir, 'mail'), log };
  // A connection for every e-mail a lane has in flight: a batch never waits for
  // the other sender's batch to leave a connection free.
  const inFlight = ({ senders, batchSize }: { senders: number; batchSize: number }) => senders * batchSize;
  const transport = createMailTransport({ ...options, connections: inFlight(GENERAL_LANE) });
  const urgentTransport = createMailTransport({ ...options, connections: inFlight(URGENT_LANE) });
  const push = createPushSender({ pool, config, log });
  const worker = createOutboxWorker({
    pool,
    transport,
    urgentTransport,
    clock,
    log,
    render: renderStoredMail(config),
    push,
  });
  return {
    worker,
    transport,
    urgentTransport,
    async stop() {
      await worker.stop();
      transport.close();
      urgentTransport.close();
    },
  };
}
