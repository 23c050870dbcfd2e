import type pg from 'pg';
import type { Config } from './config.ts';
import { createDb, createPool } from './db/client.ts';
import type { Db } from './db/client.ts';
import { startEmbeddedPostgres } from './db/embedded-postgres.ts';
import { migrateDatabase } from './db/migrate.ts';

export type Database = { db: Db; pool: pg.Pool; close(): Promise<void> };

/** DATABASE_URL when given; otherwise our own PostgreSQL under DATA_DIR/pg. Migrated either way. */
export async function openDatabase(config: Pick<Config, 'databaseUrl' | 'dataDir'>): Promise<Database> {
  const embedded = config.databaseUrl ? undefined : await startEmbeddedPostgres(config.dataDir);
  const pool = createPool(config.databaseUrl ?? embedded?.url ?? '');
  // An idle client losing its server must not crash the process; the next query reconnects.
  pool.on('error', () => undefined);
  // Nor may a client lent out for a transaction: pg-pool listens for errors only while a
  // client is idle (node-postgres#3083). The transaction's query fails, and the pool drops
  // the broken client when it is released.
  pool.on('connect', (client) => client.on('error', () => undefined));
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
    async close() {
      await pool.end();
      await embedded?.stop();
    },
  };
}
