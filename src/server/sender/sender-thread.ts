import { Worker } from 'node:worker_threads';
import type { Log, LogLevel } from '#server/log.ts';
import type { SenderConfig } from './mail-sender.ts';

/** What the sender's thread is given: where the database is, and the mail settings. */
export type SenderThreadData = { databaseUrl: string; config: SenderConfig };

/** Messages from the sender's thread. */
export type SenderThreadMessage = { type: 'ready' } | { type: 'log'; lines: { level: LogLevel; message: string }[] };

export type SenderThread = { stop(): Promise<void> };

/** After an unexpected end of the thread, how long until it is started again. */
const RESTART_MS = 1_000;

/**
 * The thread runs TypeScript: the server runs under tsx (`node --import tsx`),
 * whose `--import` hooks a new thread does not inherit, so the thread's first
 * module registers tsx itself and then imports the sender. The specifiers are
 * resolved here, to absolute URLs: a `data:` module cannot resolve a package.
 */
function bootstrap(): URL {
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./sender-thread-main.ts', import.meta.url).href;
  const source = `import { register } from ${JSON.stringify(tsx)};\nregister();\nawait import(${JSON.stringify(entry)});\n`;
  return new URL(`data:text/javascript,${encodeURIComponent(source)}`);
}

/**
 * The outbox sender in a thread of its own (node:worker_threads), with its own
 * database pool, LISTEN connection and SMTP pools. A burst of presses keeps the
 * main thread's event loop busy with requests; the sender's loop is another
 * one, which the operating system schedules on its own, so e-mails keep
 * leaving. Should the thread end unexpectedly, it is started again.
 * Resolves once the sender LISTENs.
 */
export async function startSenderThread(data: SenderThreadData, log: Log): Promise<SenderThread> {
  let stopping = false;
  let current: Worker | undefined;
  let restartTimer: NodeJS.Timeout | undefined;

  function spawn(): Promise<void> {
    return new Promise((resolve, reject) => {
      const thread = new Worker(bootstrap(), { workerData: data, name: 'correo' });
      current = thread;
      let ready = false;
      thread.on('message', (message: SenderThreadMessage) => {
        if (message.type === 'log') for (const { level, message: text } of message.lines) log[level](text);
        if (message.type === 'ready') {
          ready = true;
          resolve();
        }
      });
      // Name only: a database or SMTP message may quote row values.
      thread.on('error', (error) => log.error(`hilo de correo: ${error.name}`));
      thread.on('exit', (code) => {
        if (current === thread) current = undefined;
        if (!ready) reject(new Error(`el hilo de correo terminó al arrancar (código ${code})`));
        if (stopping || !ready) return;
        log.error(`el hilo de correo terminó (código ${code}); se reinicia`);
        restartTimer = setTimeout(() => void spawn().catch(() => undefined), RESTART_MS);
      });
    });
  }

  await spawn();
  return {
    async stop() {
      stopping = true;
      clearTimeout(restartTimer);
      const thread = current;
      if (!thread) return;
      const exited = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
      thread.postMessage('stop');
      await exited;
    },
  };
}
