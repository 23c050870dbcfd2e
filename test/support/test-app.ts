import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import type { ParsedMail } from 'mailparser';
import type pg from 'pg';
import { createApp } from '#server/app.ts';
import { parseConfig } from '#server/config.ts';
import type { Config, Env } from '#server/config.ts';
import { createDb, createPool } from '#server/db/client.ts';
import type { Db } from '#server/db/client.ts';
import type { AlertStarter, DeskFeed } from '#server/deps.ts';
import { createDeskFeed } from '#server/desk/desk-feed.ts';
import { createMailSender } from '#server/sender/mail-sender.ts';
import type { OutboxWorker } from '#server/mail/outbox-worker.ts';
import type { MailTransport } from '#server/mail/transport.ts';
import { captureLog } from './capture-log.ts';
import type { CapturedLog } from './capture-log.ts';
import { fakeClock } from './fake-clock.ts';
import type { FakeClock } from './fake-clock.ts';
import { createTestDatabase } from './test-database.ts';
import type { TestDatabase } from './test-database.ts';

export type TestAppOptions = {
  /** Extra environment for parseConfig, e.g. SMTP_URL or rate limits. */
  env?: Env;
  /** Reuse a database (to play a restart); by default each app gets a fresh one. */
  database?: TestDatabase;
  clock?: FakeClock;
  /** Wraps the app's one-statement starter (AppInput.alertStarter), e.g. to force the transaction path. */
  alertStarter?: (made: AlertStarter) => AlertStarter;
};

export type TestApp = {
  app: ReturnType<typeof createApp>;
  db: Db;
  pool: pg.Pool;
  database: TestDatabase;
  config: Config;
  clock: FakeClock;
  log: CapturedLog;
  /** The app's one LISTEN of the desk's live feed. */
  deskFeed: DeskFeed;
  worker: OutboxWorker;
  transport: MailTransport;
  mailDir: string;
  buildDir: string;
  /** POST JSON to /api/<path> and read the reply. */
  post(apiPath: string, body: unknown, headers?: Record<string, string>): Promise<Reply>;
  /** Any method to /api/<path>, signed in when `token` (an access token) is given. */
  call(method: string, apiPath: string, options?: CallOptions): Promise<Reply>;
  /** Send every queued e-mail now. */
  drainOutbox(): Promise<void>;
  /** Every .eml written so far, oldest first, parsed as a mail client would. */
  inbox(): Promise<ParsedMail[]>;
  /** Drain, then read the code from the subject of the newest e-mail to `email`. */
  codeSentTo(email: string): Promise<string>;
  /** Close pools and the worker; drop the database unless asked to keep it. */
  close(options?: { keepDatabase?: boolean }): Promise<void>;
};

export type CallOptions = { token?: string; body?: unknown; headers?: Record<string, string> };

export type Reply = {
  status: number;
  headers: Headers;
  body: { success: boolean; message: unknown; errors?: Record<string, string[]>; notice?: string };
};

/** Test defaults: limits high enough that only the tests about limits meet them. */
const baseEnv: Env = {
  SECRET: 'test-secret-not-for-production-32-bytes-or-more',
  RATE_LIMIT_SIGNIN_PER_IP: '1000',
  RATE_LIMIT_VERIFY_PER_IP: '1000',
  RATE_LIMIT_RESEND_PER_IP: '1000',
  // Held replies prove nothing one test at a time and cost seconds over the suite: the pace has its own
  // test (test/server/security/pin-reply-pace.db.test.ts); the browser and chaos servers run without it too.
  PIN_REPLY_PACE_MS: '0',
};

/** The real app in-process on its own database, with a fake clock and the real .eml transport. */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dir = await mkdtemp(path.join(tmpdir(), 'bpm-test-app-'));
  const mailDir = path.join(dir, 'mail');
  const buildDir = path.join(dir, 'build');
  const config = parseConfig({ ...baseEnv, DATA_DIR: dir, BUILD_DIR: buildDir, ...options.env });
  const database = options.database ?? (await createTestDatabase());
  const pool = createPool(database.url, 4);
  // As in the app (database.ts): a connection the server ends is no crash. Closing a test
  // app ends the pool and then drops the database WITH (FORCE), which can terminate a
  // connection still saying goodbye (57P01, seen against Debian's PostgreSQL 15).
  pool.on('error', () => undefined);
  const db = createDb(pool);
  const clock = options.clock ?? fakeClock();
  const log = captureLog();
  // In this thread (the server runs it in a thread of its own), on the test's pool and clock.
  const sender = createMailSender({ pool, config, clock, log });
  const { worker, transport } = sender;
  const deskFeed = createDeskFeed({ db, log, retryMs: 50 });
  const app = createApp({
    db,
    clock,
    config,
    log,
    deskFeed,
    ...(options.alertStarter ? { alertStarter: options.alertStarter } : {}),
  });

  async function inbox(): Promise<ParsedMail[]> {
    const files = (await readdir(mailDir).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
    return Promise.all(files.map(async (f) => simpleParser(await readFile(path.join(mailDir, f)))));
  }

  return {
    app,
    db,
    pool,
    database,
    config,
    clock,
    log,
    deskFeed,
    worker,
    transport,
    mailDir,
    buildDir,
    async post(apiPath, body, headers = {}) {
      const res = await app.request(`/api/${apiPath}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
      return { status: res.status, headers: res.headers, body: (await res.json()) as Reply['body'] };
    },
    async call(method, apiPath, { token, body, headers = {} } = {}) {
      const res = await app.request(`/api/${apiPath}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      return { status: res.status, headers: res.headers, body: (await res.json()) as Reply['body'] };
    },
    drainOutbox: () => worker.drain(),
    inbox,
    async codeSentTo(email) {
      await worker.drain();
      const mails = (await inbox()).filter(
        (m) => m.to && !Array.isArray(m.to) && m.to.value.some((a) => a.address === email),
      );
      // The newest code e-mail: other e-mails (a new session's notice) may have come after it.
      const subject = mails.findLast((m) => m.subject?.startsWith('Tu código de acceso'))?.subject ?? '';
      const code = /Tu código de acceso: (\d{4})$/.exec(subject)?.[1];
      if (!code) throw new Error(`No code e-mail for ${email} (subjects: ${mails.map((m) => m.subject).join(', ')})`);
      return code;
    },
    async close({ keepDatabase = false } = {}) {
      await deskFeed.close();
      await sender.stop();
      await pool.end();
      if (!keepDatabase) await database.drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
