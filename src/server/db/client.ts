import { drizzle } from 'drizzle-orm/node-postgres';
import type { NodePgDatabase, NodePgQueryResultHKT } from 'drizzle-orm/node-postgres';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { PgDatabase } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/**
 * `$client`: the pool, for the few hot statements written as plain named SQL (src/server/alerts/start-alert-at-once.ts).
 * `$notify`: NOTIFY a channel, the calls made while one is on its way sharing the next (one per database, see createDb).
 */
export type Db = NodePgDatabase<Schema> & { $client: pg.Pool; $notify: (channel: string) => void };
/** Either the database or an open transaction: helpers that must join the caller's transaction take this. */
export type Queryable = PgDatabase<NodePgQueryResultHKT, Schema>;

/**
 * The app's connections. Our few named statements (the hot paths: the session
 * check, an SOS, the outbox) are planned once per connection and kept: they
 * take arrays of any length, and PostgreSQL's default would plan them again on
 * every call whenever one element makes its own plan look cheaper (a quiet
 * server's single presses), which cost more than the statement itself.
 * Drizzle's statements are unnamed, planned for their values each time anyway.
 */
export function createPool(connectionString: string, max = 10): pg.Pool {
  return new pg.Pool({ connectionString, max, options: '-c plan_cache_mode=force_generic_plan' });
}

/**
 * An idle client losing its server must not crash the process; the next query
 * reconnects. Nor may a client lent out for a transaction: pg-pool listens for
 * errors only while a client is idle (node-postgres#3083). The transaction's
 * query fails, and the pool drops the broken client when it is released.
 */
export function tolerateLostConnections(pool: pg.Pool): void {
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
}

type CommitHook = (db: Db) => void;
// Keyed by the transaction, which lives only as long as its work: not state of the
// database, and nothing to hand around (helpers receive only the transaction).
const commitHooks = new WeakMap<object, Set<CommitHook>>();

/**
 * Drizzle's database, whose top-level transactions run the hooks that their
 * work registered with `afterCommit`, once COMMIT has succeeded, and which
 * coalesces its NOTIFYs (`$notify`).
 */
export function createDb(pool: pg.Pool): Db {
  const db = Object.assign(drizzle(pool, { schema }), { $notify: coalescedNotify(pool) });
  const begin = db.transaction.bind(db);
  db.transaction = (async (work, config) => {
    const hooks = new Set<CommitHook>();
    const result = await begin((tx) => {
      commitHooks.set(tx, hooks);
      return work(tx);
    }, config);
    for (const hook of hooks) hook(db);
    return result;
  }) as Db['transaction'];
  return db;
}

/**
 * NOTIFY from outside the transaction that caused it: a transaction that
 * NOTIFYs holds one database-wide lock through its commit, WAL flush included,
 * so NOTIFY inside every alert's transaction made all of them commit one after
 * another (docs/decisions/009). Calls made while one NOTIFY of the channel is
 * on its way share the next one; a lost NOTIFY costs the listener at most a poll.
 */
function coalescedNotify(pool: pg.Pool): (channel: string) => void {
  const sending = new Map<string, { again: boolean }>();
  const notify = (channel: string): void => {
    const running = sending.get(channel);
    if (running) {
      running.again = true;
      return;
    }
    const state = { again: false };
    sending.set(channel, state);
    const send = (): void => {
      state.again = false;
      pool
        .query('select pg_notify($1, $2)', [channel, ''])
        .catch(() => undefined)
        .finally(() => (state.again ? send() : sending.delete(channel)));
    };
    send();
  };
  return notify;
}

/**
 * Run `hook` once what `db` wrote is committed: after COMMIT of a top-level
 * transaction of `createDb` (the same hook only once per transaction), or at
 * once outside a transaction (each statement committed itself). False for a
 * nested transaction (a savepoint), whose commit it cannot see: do the work
 * inside the transaction then.
 */
export function afterCommit(db: Queryable, hook: CommitHook): boolean {
  if (!(db instanceof PgTransaction)) {
    hook(db as Db);
    return true;
  }
  const hooks = commitHooks.get(db);
  hooks?.add(hook);
  return hooks !== undefined;
}
