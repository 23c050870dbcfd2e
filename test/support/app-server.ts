import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { compiledEntry } from './compiled-server.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** Where the e2e project's global setup leaves a migrated, stopped cluster (test/support/e2e-cluster-setup.ts). */
export const SEEDED_CLUSTER_ENV = 'BPM_TEST_SEEDED_CLUSTER';

export type RunningApp = {
  /** Where a browser reaches the app (PUBLIC_URL: a proxy in front of it, when a test puts one there). */
  url: string;
  /** The port the app itself listens on. */
  port: number;
  /** The server's process id (the bench reads its memory). */
  pid: number;
  dataDir: string;
  output: () => string;
  stop: () => Promise<void>;
};

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * Starts the real server the way `npm start` does (without rebuilding: `npm test`
 * builds first), with its own embedded PostgreSQL and a fresh data directory; in the e2e
 * project from the server's code compiled once for the run instead of through tsx.
 * In the e2e project that directory starts with a copy of one migrated cluster, as a
 * second `npm start` finds it, unless `seeded` is false or the test brings its own
 * DATA_DIR or DATABASE_URL; elsewhere (the bench, screenshots) it starts empty.
 */
export async function startApp(
  env: Record<string, string> | ((port: number) => Record<string, string>) = {},
  { seeded = true }: { seeded?: boolean } = {},
): Promise<RunningApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'sos-e2e-'));
  const port = await freePort();
  // A function sees the port first (a PUBLIC_URL on localhost, for the desk's passkeys and links).
  const extra = typeof env === 'function' ? env(port) : env;
  const cluster = process.env[SEEDED_CLUSTER_ENV];
  if (seeded && cluster && !extra.DATA_DIR && !extra.DATABASE_URL) {
    // cp -a keeps the owner (the postgres user, when we are root) and the modes PostgreSQL checks.
    await promisify(execFile)('cp', ['-a', `${cluster}/.`, dataDir]);
  }
  // As `npm start` runs it (package.json): the young generation's semi-spaces at 64 MB from
  // the start. With Node's default (from 1 MB, growing to 16 MB), 500 presses a second met
  // a scavenge two or three times a second, and every press that arrived during one waited
  // it out; with 64 MB, one every two seconds (scripts/bench/probes/tail-gc.ts).
  // In the e2e project, from the code its global setup compiled once (test/support/compiled-server.ts).
  const compiled = compiledEntry('main');
  const entry = compiled ? [compiled] : ['--import', 'tsx', 'src/server/main.ts'];
  const child = spawn(process.execPath, ['--max-semi-space-size=64', '--min-semi-space-size=64', ...entry], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      ...extra,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // A test process that dies before its hooks stop the server (killed, or its output pipe closed)
  // takes the server with it, rather than leaving it busy beside the next runs.
  const reap = () => child.kill('SIGKILL');
  process.once('exit', reap);
  child.once('exit', () => process.off('exit', reap));
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const url = await waitForUrl(child, () => output);
  return {
    url,
    port,
    pid: child.pid ?? 0,
    dataDir,
    output: () => output,
    stop: async () => {
      await stopProcess(child);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

function waitForUrl(child: ChildProcess, output: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const match = /^(http:\/\/\S+)\/web$/m.exec(output());
      if (match?.[1]) {
        child.stdout?.off('data', check);
        child.off('exit', failed);
        resolve(match[1]);
      }
    };
    const failed = (code: number | null) => reject(new Error(`Server exited (${code}) before listening:\n${output()}`));
    child.stdout?.on('data', check);
    child.once('exit', failed);
  });
}

async function stopProcess(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}
