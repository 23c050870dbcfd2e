import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { createApp } from './app.ts';
import { createReminderWorker } from './alerts/reminders.ts';
import { createCheckInWorker } from './check-ins/check-in-worker.ts';
import type { Clock } from './clock.ts';
import type { Config } from './config.ts';
import { openDatabase } from './database.ts';
import { createDeskFeed } from './desk/desk-feed.ts';
import { createEscalationWorker } from './desk/escalation.ts';
import { pollingWorker } from './polling-worker.ts';
import { pruneExpired } from './retention/prune.ts';
import type { Log } from './log.ts';
import { startSenderThread, type SenderThread } from './sender/sender-thread.ts';

export type RunningServer = {
  /** Where people open the app: `${PUBLIC_URL}/web`. */
  webUrl: string;
  port: number;
  /** Server, worker, pool, then PostgreSQL: nothing is cut off mid-request. */
  stop(): Promise<void>;
};

/** Database (embedded or DATABASE_URL), migrations, the mail sender's thread and HTTP server, in that order. */
export async function startServer(config: Config, { log, clock }: { log: Log; clock: Clock }): Promise<RunningServer> {
  const database = await openDatabase(config);
  // E-mail leaves from a thread of its own, with its own connections (mail/sender-thread.ts):
  // a burst of presses saturating this thread does not stop it.
  const { smtpUrl, mailFrom, dataDir, secret, publicUrl, push } = config;
  let sender: SenderThread;
  try {
    sender = await startSenderThread(
      { databaseUrl: database.url, config: { smtpUrl, mailFrom, dataDir, secret, publicUrl, push } },
      log,
    );
  } catch (error) {
    await database.close();
    throw error;
  }
  // Reminder e-mails while nobody has acknowledged an alert; safe with many instances.
  const reminders = createReminderWorker({ db: database.db, clock, config, log });
  reminders.start();
  // Check-ins that fell due fire exactly once, however many instances poll.
  const checkInWorker = createCheckInWorker({ db: database.db, clock, config, log });
  checkInWorker.start();

  // Alerts nobody at the firm's desk took go on to staff, each round once however many instances look.
  const escalation = createEscalationWorker({ db: database.db, clock, config, log });
  escalation.start();

  // Housekeeping: hourly, and harmless when several instances do it at once.
  // Accounts whose deletion waited for an alert go here too (profile/deferred-deletion.ts).
  const housekeeping = pollingWorker({
    name: 'limpieza de la base de datos',
    intervalMs: 60 * 60_000,
    tick: () => pruneExpired(database.db, clock.now(), config),
    log,
    failureLevel: 'warn',
  });
  housekeeping.start();

  // One LISTEN for every desk this instance serves (src/server/desk).
  const deskFeed = createDeskFeed({ db: database.db, log });
  const app = createApp({ db: database.db, clock, config, log, deskFeed });
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const started = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, () => resolve(started));
  });
  const port = (server.address() as AddressInfo).port;
  // With PORT=0 (tests) the real port is known only now.
  const base = config.port === 0 ? `http://${config.host}:${port}` : config.publicUrl;

  return {
    webUrl: `${base}/web`,
    port,
    async stop() {
      // Requests in flight get a few seconds to finish; idle keep-alive sockets close at once.
      // Desks' streams never finish by themselves: they end first, and reconnect to another instance.
      await deskFeed.close();
      const force = setTimeout(() => {
        if ('closeAllConnections' in server) server.closeAllConnections();
      }, 5_000);
      await new Promise<void>((resolve) => server.close(() => resolve()));
      clearTimeout(force);
      await housekeeping.stop();
      await reminders.stop();
      await checkInWorker.stop();
      await escalation.stop();
      await sender.stop();
      await database.close();
    },
  };
}
