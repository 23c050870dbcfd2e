import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';

/**
 * Every table the migrations made (schema `public`; drizzle's own bookkeeping
 * lives in schema `drizzle`): a table added later is covered without touching
 * the tests that read them all.
 */
export async function tableNames(db: Db): Promise<string[]> {
  const result = await db.execute<{ name: string }>(
    sql`select tablename as name from pg_tables where schemaname = 'public' order by 1`,
  );
  return result.rows.map((row) => row.name);
}

/** Every row of every table, each row in PostgreSQL's text form: what someone holding a dump would read. */
export async function tableRows(db: Db): Promise<Record<string, string[]>> {
  const rows: Record<string, string[]> = {};
  for (const name of await tableNames(db)) {
    const result = await db.execute<{ row: string }>(
      sql`select t::text as row from ${sql.identifier(name)} t order by 1`,
    );
    rows[name] = result.rows.map((r) => r.row);
  }
  return rows;
}

let names: Promise<string[]> | undefined;

/** One digest of all tables in one round trip, leaving out those a refused request may still count in. */
export async function tableDigest(db: Db, except: readonly string[] = []): Promise<string> {
  names ??= tableNames(db);
  const parts = (await names)
    .filter((name) => !except.includes(name))
    .map(
      (name) =>
        sql`(select ${name} || ':' || md5(coalesce(string_agg(t::text, '|' order by t::text), '')) from ${sql.identifier(name)} t)`,
    );
  const result = await db.execute<{ digest: string }>(
    sql`select concat_ws(',', ${sql.join(parts, sql`, `)}) as digest`,
  );
  return result.rows[0]?.digest ?? '';
}
