import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Queryable } from './client.ts';

/** One of our plain-SQL statements (the hot paths), with its name: planned once per connection. */
export type Statement = { name: string; text: string };

/** Runs a Statement with its values ($1, $2, … in its text) and resolves with its rows. */
export type RunStatement = <R extends object>(statement: Statement, values: unknown[]) => Promise<R[]>;

/** On a pool or one of its clients: as a named statement. */
export function onClient(client: pg.Pool | pg.PoolClient): RunStatement {
  return async <R extends object>(statement: Statement, values: unknown[]) =>
    (await client.query<R & pg.QueryResultRow>({ ...statement, values })).rows;
}

/**
 * Inside a Drizzle transaction, whose connection is not ours to name
 * statements on: the same text, unnamed, each $n bound to its value.
 */
export function inTransaction(tx: Queryable): RunStatement {
  return async <R extends object>(statement: Statement, values: unknown[]) => {
    const parts = statement.text
      .split(/\$(\d+)/)
      .map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql.param(values[Number(part) - 1])));
    const result = await tx.execute(sql.join(parts));
    return result.rows as R[];
  };
}
