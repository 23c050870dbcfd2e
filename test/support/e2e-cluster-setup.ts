import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { migrateDatabase } from '#server/db/migrate.ts';
import { SEEDED_CLUSTER_ENV } from './app-server.ts';
import { loadEmbeddedPostgres } from './postgres-global-setup.ts';

/**
 * The browser files' servers each start their own embedded PostgreSQL in a data directory of
 * their own, as `npm start` does. Its first start ran initdb (with its fsyncs) and every
 * migration, in every file, for seconds of each: here that is done once, in a cluster stopped
 * cleanly, which startApp copies into each server's fresh data directory (test/support/app-server.ts).
 * The server then starts PostgreSQL on that copy and finds every migration applied. The first
 * start on an empty data directory stays covered by the chaos files (test/chaos/power-cut.ts)
 * and by any startApp given `{ seeded: false }`.
 */
export default async function setup() {
  const dir = await mkdtemp(path.join(tmpdir(), 'bpm-e2e-cluster-'));
  // As root the cluster belongs to the postgres user, who must be able to enter the temp dir.
  await chmod(dir, 0o755);
  const server = await (await loadEmbeddedPostgres()).startEmbeddedPostgres(dir);
  try {
    const pool = new pg.Pool({ connectionString: server.url, max: 1 });
    // pool.end() resolves before its connection has said goodbye; the stop below may then end it
    // (57P01). Unhandled, that error ended Vitest's own process before any file ran.
    pool.on('error', () => undefined);
    try {
      await migrateDatabase(pool);
    } finally {
      await pool.end();
    }
  } finally {
    await server.stop();
  }
  // The workers start after the global setups and inherit this.
  process.env[SEEDED_CLUSTER_ENV] = dir;
  return async () => {
    delete process.env[SEEDED_CLUSTER_ENV];
    await rm(dir, { recursive: true, force: true });
  };
}
