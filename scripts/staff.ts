// `npm run staff -- add CORREO --role admin|responder | list | remove CORREO`: the firm's desk team,
// on the same database as `npm start` (DATA_DIR, DATABASE_URL), whether or not the server runs.
import { ConfigError, parseConfig } from '#server/config.ts';
import { createDb, createPool } from '#server/db/client.ts';
import { runningEmbeddedPostgres } from '#server/db/embedded-postgres.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import { systemClock } from '#server/clock.ts';
import { openDatabase } from '#server/database.ts';
import { relyingParty } from '#server/staff/relying-party.ts';
import { runStaffCommand, STAFF_USAGE } from '#server/staff/staff-command.ts';

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  if (args.length === 0 || args[0] === '--help' || args[0] === '-h') {
    process.stdout.write(`${STAFF_USAGE}\n`);
    return args.length === 0 ? 2 : 0;
  }
  let config;
  try {
    config = parseConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`Configuración no válida: ${error.message}\n`);
    return 1;
  }
  // A running server holds its embedded PostgreSQL: join it. Starting our own on the same
  // data would first stop the server's.
  const running = config.databaseUrl ? undefined : await runningEmbeddedPostgres(config.dataDir);
  let database: { db: ReturnType<typeof createDb>; close(): Promise<void> };
  if (running) {
    const pool = createPool(running, 2);
    pool.on('error', () => undefined);
    await migrateDatabase(pool);
    database = { db: createDb(pool), close: () => pool.end() };
  } else {
    database = await openDatabase(config);
  }
  try {
    const result = await runStaffCommand(database.db, args, systemClock.now(), relyingParty(config).deskUrl);
    (result.code === 0 ? process.stdout : process.stderr).write(`${result.out}\n`);
    return result.code;
  } finally {
    await database.close();
  }
}

const code = await main().catch((error: unknown) => {
  process.stderr.write(`No se pudo completar: ${error instanceof Error ? error.message : String(error)}\n`);
  return 1;
});
// Explicitly: embedded-postgres's exit hooks would otherwise end the process with 0.
process.exit(code);
