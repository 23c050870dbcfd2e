import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { runningEmbeddedPostgres } from '#server/db/embedded-postgres.ts';
import type { RunningApp } from './app-server.ts';

/** A connected client of the running app's own embedded PostgreSQL; the caller ends it. */
export async function appDatabaseClient(app: RunningApp): Promise<pg.Client> {
  const databaseUrl = await runningEmbeddedPostgres(app.dataDir);
  if (!databaseUrl) throw new Error('the app holds no embedded PostgreSQL');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return client;
}

/**
 * A client of the file's running app's own embedded PostgreSQL, opened before its tests and closed
 * after them: for a browser test to read, or hold back, what only the server stores.
 */
export function appDatabasePerFile(running: { readonly app: RunningApp }): { readonly client: pg.Client } {
  let client: pg.Client | undefined;
  beforeAll(async () => {
    client = await appDatabaseClient(running.app);
  });
  afterAll(async () => {
    await client?.end();
  });
  return {
    get client() {
      if (!client) throw new Error('The database client opens in beforeAll: use it inside tests');
      return client;
    },
  };
}

/**
 * Puts off the outbox's first try of `contactEmail`'s alert start by an hour, until the returned
 * release is called: the start has not left when the end comes, a case that is otherwise a race the
 * product allows. `name` keeps each test's trigger its own.
 */
export async function holdAlertStartTo(client: pg.Client, contactEmail: string, name: string) {
  await client.query(`create or replace function test_put_off_start() returns trigger language plpgsql as $$
    begin new.next_attempt_at := now() + interval '1 hour'; return new; end $$`);
  await client.query(
    `create trigger test_put_off_${name} before insert on outbox for each row
     when (new.kind = 'alert-started' and new.recipient = '${contactEmail}') execute function test_put_off_start()`,
  );
  return async () => {
    await client.query(`drop trigger if exists test_put_off_${name} on outbox`);
  };
}
