import type { Log } from '#server/log.ts';
import type { SenderConfig } from './mail-sender.ts';
import { startSupervisedThread, type SupervisedThread } from './supervised-thread.ts';

/** What the sender's thread is given: where the database is, and the mail settings. */
export type SenderThreadData = { databaseUrl: string; config: SenderConfig };

export type SenderThread = SupervisedThread;

/**
 * A thread's first module, which runs TypeScript: the server runs under tsx (`node --import tsx`),
 * whose `--import` hooks a new thread does not inherit, so the first module registers tsx itself
 * and then imports `entry`. The specifiers are resolved here, to absolute URLs: a `data:` module
 * cannot resolve a package.
 */
export function tsxThreadEntry(entry: URL): URL {
  const tsx = import.meta.resolve('tsx/esm/api');
  const source = `import { register } from ${JSON.stringify(tsx)};\nregister();\nawait import(${JSON.stringify(entry.href)});\n`;
  return new URL(`data:text/javascript,${encodeURIComponent(source)}`);
}

/**
 * The outbox sender in a thread of its own (node:worker_threads), with its own
 * database pool, LISTEN connection and SMTP pools. A burst of presses keeps the
 * main thread's event loop busy with requests; the sender's loop is another
 * one, which the operating system schedules on its own, so e-mails keep
 * leaving. Should the thread end unexpectedly, it is started again until it
 * runs (supervised-thread.ts). Resolves once the sender LISTENs.
 */
export function startSenderThread(data: SenderThreadData, log: Log): Promise<SenderThread> {
  return startSupervisedThread({
    entry: tsxThreadEntry(new URL('./sender-thread-main.ts', import.meta.url)),
    workerData: data,
    name: 'correo',
    log,
  });
}
