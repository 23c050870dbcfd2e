import { parentPort, workerData } from 'node:worker_threads';
import { systemClock } from '#server/clock.ts';
import { createPool, tolerateLostConnections } from '#server/db/client.ts';
import type { Log, LogLevel } from '#server/log.ts';
import { createMailSender } from './mail-sender.ts';
import type { SenderThreadData } from './sender-thread.ts';
import type { ThreadMessage } from './supervised-thread.ts';

// The body of the sender's thread (sender-thread.ts starts it).
const port = parentPort;
if (!port) throw new Error('sender-thread-main.ts runs only as the sender thread');
const post = (message: ThreadMessage) => port.postMessage(message);
// The lines go to the main thread's log together, at most every LOG_EVERY_MS: one message for
// many e-mails, not one an e-mail, to a thread that may be busy with a burst of presses (each
// message costs both threads a copy and a wake-up).
const LOG_EVERY_MS = 50;
let lines: { level: LogLevel; message: string }[] = [];
let flushTimer: NodeJS.Timeout | undefined;
const flush = () => {
  clearTimeout(flushTimer);
  flushTimer = undefined;
  if (lines.length > 0) post({ type: 'log', lines });
  lines = [];
};
const line = (level: LogLevel) => (message: string) => {
  flushTimer ??= setTimeout(flush, LOG_EVERY_MS);
  lines.push({ level, message });
};
const log: Log = { info: line('info'), warn: line('warn'), error: line('error') };

const { databaseUrl, config } = workerData as SenderThreadData;
// Three senders (two for alerts, one for the rest) and room for one more; LISTEN has a client of its own.
const pool = createPool(databaseUrl, 4);
tolerateLostConnections(pool);
const sender = createMailSender({ pool, config, clock: systemClock, log });
await sender.worker.start();
post({ type: 'ready' });

port.on('message', (message: unknown) => {
  if (message !== 'stop') return;
  void (async () => {
    await sender.stop();
    await pool.end();
    flush();
    // Nothing is left to keep the thread alive: it ends, and the main thread sees it exit.
    port.close();
  })();
});
