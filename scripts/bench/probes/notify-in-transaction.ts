// `node --import tsx scripts/bench/probes/notify-in-transaction.ts`: commits a
// second of a small write transaction from 10 connections, with and without a
// NOTIFY inside it (docs/decisions/009). A transaction that NOTIFYs holds one
// database-wide lock through its commit, so those commits cannot share a flush.
import pg from 'pg';
import { withProbeDatabase } from './probe-database.ts';

const CONNECTIONS = 10;
const SECONDS = 3;

async function commitsPerSecond(clients: pg.Client[], notify: boolean): Promise<number> {
  let commits = 0;
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(
    clients.map(async (client) => {
      while (Date.now() < end) {
        await client.query('begin');
        await client.query('insert into notify_probe (body) values ($1)', ['x'.repeat(200)]);
        if (notify) await client.query("select pg_notify('probe', '')");
        await client.query('commit');
        commits += 1;
      }
    }),
  );
  return commits / SECONDS;
}

await withProbeDatabase(async (url) => {
  const clients = await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    }),
  );
  await clients[0]!.query('create table notify_probe (id bigserial primary key, body text)');
  for (let round = 0; round < 3; round += 1) {
    for (const notify of [true, false]) {
      console.log(`${notify ? 'NOTIFY inside' : 'no NOTIFY    '}  ${(await commitsPerSecond(clients, notify)).toFixed(0)} commits/s`);
    }
  }
  await Promise.all(clients.map((client) => client.end()));
});
