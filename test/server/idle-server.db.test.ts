import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '#server/clock.ts';
import { parseConfig } from '#server/config.ts';
import { startServer, type RunningServer } from '#server/start-server.ts';
import { captureLog } from '../support/capture-log.ts';
import { committedTransactions } from '../support/committed-transactions.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-database.ts';

// Every loop the server starts (reminders, check-ins, the desk's escalation, housekeeping, the
// outbox and the phones' sender) looks for work at its interval, seconds apart, and sleeps between.
// Counted from outside, in PostgreSQL's own statistics of the database, so a loop added later is
// counted too. A loop that read a tick's count of e-mails as 'again in 0 ms' once ran its query
// without pause on every instance, the whole time, and slowed everything beside it.
const QUIET_MS = 5_000;
// Each loop polls seconds apart: in five seconds a sleeping server commits a few dozen transactions
// at most, its start's own work (each loop's first tick, housekeeping's deletes) and this test's
// two reads included. A loop that never waits commits hundreds a second.
const MOST_TRANSACTIONS = 60;

let database: TestDatabase;
let dataDir: string;
let server: RunningServer | undefined;
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await mkdtemp(path.join(tmpdir(), 'bpm-idle-'));
});
afterAll(async () => {
  await server?.stop();
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
});

describe('a server with nothing to do', () => {
  it('sleeps between its loops: a few transactions in five seconds, not a loop that never waits', async () => {
    const log = captureLog();
    const config = parseConfig({ DATABASE_URL: database.url, DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1' });
    server = await startServer(config, { log, clock: systemClock });
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const before = await committedTransactions(client);
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
      const after = await committedTransactions(client);
      expect({ transactions: after - before, errors: log.lines.filter((line) => line.level !== 'info') }).toEqual({
        transactions: expect.any(Number),
        errors: [],
      });
      expect(after - before).toBeLessThanOrEqual(MOST_TRANSACTIONS);
    } finally {
      await client.end();
    }
  });
});
