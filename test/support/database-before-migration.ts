import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { inject } from 'vitest';
import { migrateDatabase, migrationsFolder } from '#server/db/migrate.ts';

/** A database of its own, as the release before `migration` left it. */
export type DatabaseBeforeMigration = {
  pool: pg.Pool;
  /** Runs `migration` and every one after it, as the app does at start. */
  migrateRest(): Promise<void>;
  close(): Promise<void>;
};

/** A new database with the migrations before `migration` (its tag in the journal) applied. */
export async function databaseBefore(migration: string): Promise<DatabaseBeforeMigration> {
  const name = `bpm_migration_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: inject('postgres').adminUrl });
    await client.connect();
    await client.query(sql).finally(() => client.end());
  };
  await admin(`create database ${name} template template0`);
  const url = new URL(inject('postgres').adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  const dir = await mkdtemp(path.join(tmpdir(), 'bpm-migrations-'));
  const close = async () => {
    await pool.end();
    await admin(`drop database if exists ${name} with (force)`);
    await rm(dir, { recursive: true, force: true });
  };
  try {
    await cp(migrationsFolder, dir, { recursive: true });
    const journalFile = path.join(dir, 'meta', '_journal.json');
    const journal = JSON.parse(await readFile(journalFile, 'utf8')) as { entries: { tag: string }[] };
    const at = journal.entries.findIndex((entry) => entry.tag === migration);
    if (at < 1) throw new Error(`no migration ${migration} after the first`);
    journal.entries = journal.entries.slice(0, at);
    await writeFile(journalFile, JSON.stringify(journal));
    const client = await pool.connect();
    await migrate(drizzle(client), { migrationsFolder: dir }).finally(() => client.release());
  } catch (error) {
    await close();
    throw error;
  }
  return { pool, migrateRest: () => migrateDatabase(pool), close };
}
