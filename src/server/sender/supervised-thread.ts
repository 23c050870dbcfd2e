import { Worker } from 'node:worker_threads';
import type { Log, LogLevel } from '#server/log.ts';

/** Messages from a supervised thread: it is ready, or lines for the main thread's log. */
export type ThreadMessage = { type: 'ready' } | { type: 'log'; lines: { level: LogLevel; message: string }[] };

export type SupervisedThread = { stop(): Promise<void> };

/**
 * How long after an unexpected end the thread is started again. Each start that fails before the
 * thread is ready doubles the wait, up to `mostMs`: whatever ended the thread (a database that is
 * being replaced, say) may still be there, and a thread that never comes back sends nothing.
 */
export type RestartDelay = { firstMs: number; mostMs: number };
export const RESTART_DELAY: RestartDelay = { firstMs: 1_000, mostMs: 15_000 };

export type SupervisedThreadOptions = {
  /** The thread's module: a `data:` URL that registers tsx first, since a thread does not inherit `--import`. */
  entry: URL;
  workerData: unknown;
  /** A word for the log ('correo'), also the thread's name. */
  name: string;
  log: Log;
  restart?: RestartDelay;
};

/**
 * Starts a thread and keeps it running: resolves once the thread says it is
 * ready, rejects if its first start ends before that (the server does not
 * start without it). After that, whenever it ends without being asked to, it is
 * started again, as often as it takes, until `stop()`.
 */
export async function startSupervisedThread(options: SupervisedThreadOptions): Promise<SupervisedThread> {
  const { entry, workerData, name, log, restart = RESTART_DELAY } = options;
  let stopping = false;
  let current: Worker | undefined;
  let restartTimer: NodeJS.Timeout | undefined;

  /** Resolves once the thread is ready, or when it ends before that, with its exit code. */
  function spawn(onEndAfterReady: () => void): Promise<{ ready: boolean; code: number }> {
    return new Promise((resolve) => {
      const thread = new Worker(entry, { workerData, name });
      current = thread;
      let ready = false;
      thread.on('message', (message: ThreadMessage) => {
        if (message.type === 'log') for (const { level, message: text } of message.lines) log[level](text);
        if (message.type === 'ready') {
          ready = true;
          resolve({ ready, code: 0 });
        }
      });
      // Name only: a database or SMTP message may quote row values.
      thread.on('error', (error) => log.error(`hilo de ${name}: ${error.name}`));
      thread.on('exit', (code) => {
        if (current === thread) current = undefined;
        if (!ready) resolve({ ready, code });
        else if (!stopping) {
          log.error(`el hilo de ${name} terminó (código ${code}); se reinicia`);
          onEndAfterReady();
        }
      });
    });
  }

  function restartAfter(delayMs: number): void {
    if (stopping) return;
    restartTimer = setTimeout(() => {
      void spawn(() => restartAfter(restart.firstMs)).then(({ ready, code }) => {
        if (ready || stopping) return;
        const next = Math.min(delayMs * 2, restart.mostMs);
        log.error(`el hilo de ${name} no arrancó (código ${code}); nuevo intento en ${next} ms`);
        restartAfter(next);
      });
    }, delayMs);
  }

  const first = await spawn(() => restartAfter(restart.firstMs));
  if (!first.ready) throw new Error(`el hilo de ${name} terminó al arrancar (código ${first.code})`);
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
