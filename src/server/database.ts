import type pg from 'pg';
import type { Config } from './config.ts';
import { createDb, createPool, tolerateLostConnections } from './db/client.ts';
import type { Db } from './db/client.ts';
import { startEmbeddedPostgres } from './db/embedded-postgres.ts';
import { migrateDatabase } from './db/migrate.ts';

/** `url`: where the database is, for a pool of another thread (the mail sender). */
export type Database = { db: Db; pool: pg.Pool; url: string; close(): Promise<void> };

/** DATABASE_URL when given; otherwise our own PostgreSQL under DATA_DIR/pg. Migrated either way. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir);
  const url = config.databaseUrl ?? embedded?.url ?? '';
  const pool = createPool(url);
  tolerateLostConnections(pool);
  try {
    await migrateDatabase(pool);
  } catch (error) {
    await pool.end();
    await embedded?.stop();
    throw error;
  }
  return {
    db: createDb(pool),
    pool,
    url,
    async close() {
      await pool.end();
      await embedded?.stop();
    },
  };
}
