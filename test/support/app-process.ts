import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export type AppProcess = {
  name: string;
  port: number;
  /** Everything the server wrote to stdout and stderr, over all its lives. */
  output(): string;
  /** Start (again) and resolve once it prints its address; rejects if it exits first. */
  start(): Promise<void>;
  /** SIGKILL: no shutdown hooks, no goodbye, as when a machine or the OOM killer takes it. */
  kill(): Promise<void>;
  /** SIGTERM and wait: the clean shutdown. */
  stop(): Promise<void>;
  isRunning(): boolean;
};

/**
 * The real server as a child process (`node --import tsx src/server/main.ts`, as
 * `npm run serve` runs it) on a fixed port, so that a load balancer in front of
 * it finds it again after every restart.
 */
export function appProcess(name: string, port: number, env: Record<string, string>): AppProcess {
  let child: ChildProcess | undefined;
  let output = '';

  async function start(): Promise<void> {
    const started = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      cwd: root,
      env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child = started;
    // Should the test process end first (a timeout, Ctrl-C), the server must not outlive it.
    const reap = () => started.kill('SIGKILL');
    process.once('exit', reap);
    started.once('exit', () => process.off('exit', reap));
    let life = '';
    started.stdout?.on('data', (chunk: Buffer) => ((life += chunk), (output += chunk)));
    started.stderr?.on('data', (chunk: Buffer) => ((life += chunk), (output += chunk)));
    await new Promise<void>((resolve, reject) => {
      const failed = (code: number | null) => reject(new Error(`${name} exited (${code}) before listening:\n${life}`));
      started.once('exit', failed);
      started.stdout?.on('data', function listening() {
        if (!/^http:\/\/\S+\/web$/m.test(life)) return;
        started.stdout?.off('data', listening);
        started.off('exit', failed);
        resolve();
      });
    });
  }

  async function signal(kind: 'SIGKILL' | 'SIGTERM'): Promise<void> {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    running.kill(kind);
    await exited;
  }

  return {
    name,
    port,
    output: () => output,
    start,
    kill: () => signal('SIGKILL'),
    stop: () => signal('SIGTERM'),
    isRunning: () => !!child && child.exitCode === null && child.signalCode === null,
  };
}
