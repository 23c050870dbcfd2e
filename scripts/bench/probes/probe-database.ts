import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from '#server/db/embedded-postgres.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { createPool } from '#server/db/client.ts';

/** A throwaway embedded PostgreSQL with our schema, as the app runs it (durable commits). */
export async function withProbeDatabase(work: (url: string) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(path.join(tmpdir(), 'sos-probe-'));
  const server = await startEmbeddedPostgres(dir);
  try {
    const pool = createPool(server.url, 1);
    await migrateDatabase(pool);
    await pool.end();
    await work(server.url);
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
