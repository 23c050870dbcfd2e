import { parentPort, workerData } from 'node:worker_threads';
import { systemClock } from '#server/clock.ts';
import { createPool, tolerateLostConnections } from '#server/db/client.ts';
import type { Log, LogLevel } from '#server/log.ts';
import { createMailSender } from './mail-sender.ts';
import type { SenderThreadData, SenderThreadMessage } from './sender-thread.ts';

// The body of the sender's thread (sender-thread.ts starts it).
const port = parentPort;
if (!port) throw new Error('sender-thread-main.ts runs only as the sender thread');
const post = (message: SenderThreadMessage) => port.postMessage(message);
// The lines of one turn go to the main thread's log together: one message a batch, not one an
// e-mail, to a thread that may be busy with a burst of presses.
let lines: { level: LogLevel; message: string }[] = [];
const flush = () => {
  post({ type: 'log', lines });
  lines = [];
};
const line = (level: LogLevel) => (message: string) => {
  if (lines.length === 0) setImmediate(flush);
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
    // Nothing is left to keep the thread alive: it ends, and the main thread sees it exit.
    port.close();
  })();
});
