import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type pg from 'pg';
import { createDb, createPool } from '#server/db/client.ts';
import type { Db } from '#server/db/client.ts';
import { startApp } from '#test/support/app-server.ts';
import type { RunningApp } from '#test/support/app-server.ts';
import { startSmtpCounter } from './smtp-counter.ts';
import type { SmtpCounter } from './smtp-counter.ts';
import { rssMB } from './process-memory.ts';

/** Per-IP limits for the run: every request of the bench comes from 127.0.0.1. */
export const RAISED_RATE_LIMITS = {
  RATE_LIMIT_SIGNIN_PER_IP: '100000000',
  RATE_LIMIT_VERIFY_PER_IP: '100000000',
  RATE_LIMIT_RESEND_PER_IP: '100000000',
};

export type LoadServer = {
  app: RunningApp;
  /** The Node process's RSS (MB) a second after it started, before any request. */
  freshRssMB: number;
  /** 'embedded PostgreSQL' or 'DATABASE_URL'. */
  database: string;
  /** The app's own database, for seeding people and resetting between runs. */
  db: Db;
  pool: pg.Pool;
  mail: SmtpCounter;
  stop(): Promise<void>;
};

/** The embedded server writes its port into postmaster.pid (4th line); the password sits beside the cluster. */
async function embeddedUrl(dataDir: string): Promise<string> {
  const pid = (await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8')).split('\n');
  const password = (await readFile(path.join(dataDir, 'pg-password'), 'utf8')).trim();
  return `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${pid[3]?.trim()}/postgres`;
}

/**
 * The real server (src/server/main.ts, as `npm start` runs it) for load figures:
 * its own data directory, e-mail to a local SMTP listener, the per-IP rate limits
 * raised, and either its embedded PostgreSQL or the server in `databaseUrl`.
 */
export async function startLoadServer(
  options: { databaseUrl?: string; env?: Record<string, string> } = {},
): Promise<LoadServer> {
  const mail = await startSmtpCounter();
  const app = await startApp({
    SMTP_URL: mail.url,
    DATABASE_URL: options.databaseUrl ?? '',
    ...RAISED_RATE_LIMITS,
    // A probe's extras for the server process only (NODE_OPTIONS=--cpu-prof).
    ...options.env,
  });
  const pool = createPool(options.databaseUrl ?? (await embeddedUrl(app.dataDir)), 4);
  pool.on('error', () => undefined);
  await sleep(1000);
  const freshRssMB = await rssMB(app.pid);
  return {
    app,
    freshRssMB,
    database: options.databaseUrl ? 'DATABASE_URL' : 'embedded PostgreSQL',
    db: createDb(pool),
    pool,
    mail,
    async stop() {
      await pool.end();
      await app.stop();
      await mail.close();
    },
  };
}

let shared: Promise<LoadServer> | undefined;

/** One load server on the embedded PostgreSQL for every figure of a bench run (starting one takes seconds). */
export function sharedLoadServer(): Promise<LoadServer> {
  shared ??= startLoadServer();
  return shared;
}

export async function stopSharedLoadServer(): Promise<void> {
  const server = shared;
  shared = undefined;
  await (await server?.catch(() => undefined))?.stop();
}
