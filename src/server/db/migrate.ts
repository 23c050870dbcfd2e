import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import type pg from 'pg';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

// Any constant shared by every instance; only one of them migrates at a time.
const MIGRATION_LOCK = 7_311_001;

/**
 * Apply the SQL files drizzle-kit generated. Several instances may start at once
 * on one database, and drizzle's migrator takes no lock itself, so we hold an
 * advisory lock on a single connection for the whole run.
 */
export async function migrateDatabase(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}
