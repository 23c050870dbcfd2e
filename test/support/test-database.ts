import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

export type TestDatabase = { url: string; name: string; drop(): Promise<void> };

async function admin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
  const { adminUrl } = inject('postgres');
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A fresh, migrated database for one test file: a copy of the run's template. */
export async function createTestDatabase(): Promise<TestDatabase> {
  const { adminUrl, template } = inject('postgres');
  const name = `bpm_test_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`create database ${name} template ${template}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: () => admin((client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}
