import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import type { EmbeddedServer } from '#server/db/embedded-postgres.ts';
import { migrateDatabase } from '#server/db/migrate.ts';

/** How test files reach the run's PostgreSQL server and its migrated template. */
export type PostgresInfo = { adminUrl: string; template: string };

declare module 'vitest' {
  export interface ProvidedContext {
    postgres: PostgresInfo;
  }
}

function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/**
 * The embedded-postgres package registers async-exit-hook when first loaded. Its
 * 'beforeExit' listener ends the process with process.exit(0): in vitest's own
 * process that turned every failed run into exit code 0, and CI stayed green. Its
 * 'exit' listener would then run the package's shutdown without its callback, which
 * throws. So we load it here and take both away: the teardown below stops our server
 * (its signal handlers stay, for a run interrupted with Ctrl-C).
 */
export async function loadEmbeddedPostgres() {
  const before = { beforeExit: process.listeners('beforeExit'), exit: process.listeners('exit') };
  const loaded = await import('#server/db/embedded-postgres.ts');
  for (const listener of process.listeners('beforeExit'))
    if (!before.beforeExit.includes(listener)) process.off('beforeExit', listener);
  for (const listener of process.listeners('exit')) if (!before.exit.includes(listener)) process.off('exit', listener);
  return loaded;
}

/**
 * One PostgreSQL server for the whole run (the embedded one in a temp dir, or
 * DATABASE_URL's), with a migrated template; each test file clones it
 * (test/support/test-database.ts), which takes a few milliseconds.
 */
export default async function setup(project: TestProject) {
  let embedded: EmbeddedServer | undefined;
  let dir: string | undefined;
  let adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    dir = await mkdtemp(path.join(tmpdir(), 'bpm-test-pg-'));
    // As root the cluster belongs to the postgres user, who must be able to enter the temp dir.
    await chmod(dir, 0o755);
    embedded = await (await loadEmbeddedPostgres()).startEmbeddedPostgres(dir);
    adminUrl = embedded.url;
  }
  const template = `bpm_template_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${template}`);
  await admin.query(`create database ${template}`);
  await admin.end();

  const pool = new pg.Pool({ connectionString: withDatabase(adminUrl, template), max: 1 });
  await migrateDatabase(pool);
  // CREATE DATABASE ... TEMPLATE refuses while anyone is connected to the template.
  await pool.end();

  project.provide('postgres', { adminUrl, template });

  return async () => {
    if (embedded) await embedded.stop();
    else {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${template}`);
      await client.end();
    }
    if (dir) await rm(dir, { recursive: true, force: true });
  };
}
