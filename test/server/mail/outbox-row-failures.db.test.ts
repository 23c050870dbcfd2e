import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, createPool, type Db } from '#server/db/client.ts';
import { outbox } from '#server/db/schema.ts';
import type { MailContent } from '#server/mail/mail-content.ts';
import { MAIL_PRIORITY } from '#server/mail/mail-priority.ts';
import { createOutboxWorker, ROW_TIMED_OUT, type OutboxWorker } from '#server/mail/outbox-worker.ts';
import type { MailTransport } from '#server/mail/transport.ts';
import type { PushSender } from '#server/push/push-sender.ts';
import { captureLog } from '#test/support/capture-log.ts';
import { fakeClock, type FakeClock } from '#test/support/fake-clock.ts';
import { createTestDatabase, type TestDatabase } from '#test/support/test-database.ts';

// The promise behind every message: whatever one row's send does (throw, reject, refuse,
// hang, a body that cannot be made), it is that row's failure alone. Rows that can be sent
// are sent in the same drain, exactly once; the others are retried or given up as they
// should be. The rows, their kinds and lanes, and where each one fails are generated, so a
// kind added later meets the same failures.

/** What a row's first attempt meets; every later attempt succeeds, but for `permanent`. */
const outcomes = ['ok', 'throw', 'reject', 'refused', 'permanent', 'hang', 'unrenderable', 'control-characters'] as const;
type Outcome = (typeof outcomes)[number];

/** The kinds a row may have: its lane comes from its kind, and push rows go to the push sender. */
const kinds = ['alert-started', 'alert-ended', 'signin-code', 'contact-invitation', 'push:alert-started', 'push:alert-ended'] as const;

type PlannedRow = { kind: (typeof kinds)[number]; outcome: Outcome };

const ROW_TIMEOUT_MS = 150;
const HUNG = new Promise<never>(() => undefined);

const planned = fc.array(fc.record({ kind: fc.constantFrom(...kinds), outcome: fc.constantFrom(...outcomes) }), { minLength: 1, maxLength: 24 });

describe('each outbox row is sent and recorded on its own', () => {
  let database: TestDatabase;
  let pool: pg.Pool;
  let db: Db;
  let clock: FakeClock;
  let worker: OutboxWorker;
  /** Per row id: its plan, and how many times it was handed over (accepted by the transport). */
  const plans = new Map<number, Outcome>();
  const attempts = new Map<number, number>();
  const renders = new Map<number, number>();
  const handedOver = new Map<number, number>();

  /** The row's next attempt, as the transport, the renderer or the push sender meets it. */
  function meet(id: number, stage: 'render' | 'send'): { ok: true } | { ok: false; error: string; permanent?: boolean } | Promise<never> {
    const outcome = plans.get(id) ?? 'ok';
    if (stage === 'render') {
      renders.set(id, (renders.get(id) ?? 0) + 1);
      if (renders.get(id) === 1 && outcome === 'unrenderable') throw new Error('template');
      return { ok: true };
    }
    const first = (attempts.get(id) ?? 0) === 0;
    attempts.set(id, (attempts.get(id) ?? 0) + 1);
    if (outcome === 'permanent') return { ok: false, error: 'refused for good', permanent: true };
    if (first) {
      if (outcome === 'throw') throw new TypeError('thrown');
      if (outcome === 'reject') return Promise.reject(new Error('rejected'));
      if (outcome === 'refused') return { ok: false, error: 'smtp 451' };
      if (outcome === 'control-characters') return { ok: false, error: 'a\u0000b\nc' };
      if (outcome === 'hang') return HUNG;
    }
    handedOver.set(id, (handedOver.get(id) ?? 0) + 1);
    return { ok: true };
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    pool = createPool(database.url, 4);
    pool.on('error', () => undefined);
    db = createDb(pool);
    clock = fakeClock();
    const transport: MailTransport = {
      send: async (mail) => {
        const met = meet(mail.id, 'send');
        return met instanceof Promise ? met : met.ok ? { ok: true, via: 'file' } : met;
      },
      close: () => undefined,
    };
    const push: PushSender = {
      isPush: (kind) => kind.startsWith('push:'),
      send: async (row) => meet(row.id, 'send'),
    };
    const render = ({ templateData }: { templateData: string }): MailContent => {
      const { id } = JSON.parse(templateData) as { id: number };
      meet(id, 'render');
      return { subject: 'Asunto', text: 'Texto', html: '<p>Texto</p>' };
    };
    worker = createOutboxWorker({ pool, transport, clock, log: captureLog(), render, push, rowTimeoutMs: ROW_TIMEOUT_MS });
  });
  afterAll(async () => {
    await worker.stop();
    await pool.end();
    await database.drop();
  });

  async function queue(rows: PlannedRow[]): Promise<number[]> {
    const now = clock.now();
    const ids: number[] = [];
    for (const row of rows) {
      const [inserted] = await db
        .insert(outbox)
        .values({
          kind: row.kind,
          recipient: 'persona@example.com',
          priority: row.kind.includes('alert') ? MAIL_PRIORITY.alert : row.kind === 'signin-code' ? MAIL_PRIORITY.signIn : MAIL_PRIORITY.other,
          nextAttemptAt: now,
          createdAt: now,
        })
        .returning({ id: outbox.id });
      const id = inserted?.id ?? 0;
      // The rendered kind carries its own id, so the renderer knows whose plan it meets.
      await db
        .update(outbox)
        .set({ templateData: JSON.stringify({ id }) })
        .where(eq(outbox.id, id));
      plans.set(id, row.outcome);
      ids.push(id);
    }
    return ids;
  }

  const statesOf = async (ids: number[]) => {
    const rows = await db.select({ id: outbox.id, status: outbox.status, attempts: outbox.attempts }).from(outbox);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return ids.map((id) => ({ status: byId.get(id)?.status, attempts: byId.get(id)?.attempts, handedOver: handedOver.get(id) ?? 0 }));
  };

  it('sends every row that can succeed exactly once, in the first drain, whatever its neighbours do', async () => {
    await fc.assert(
      fc.asyncProperty(planned, async (rows) => {
        clock.advance(60 * 60_000);
        const ids = await queue(rows);
        await worker.drain();
        const transient = (outcome: Outcome) => outcome !== 'ok' && outcome !== 'permanent';
        // Rendering fails before a send is tried: that attempt is the renderer's, not the transport's.
        const firstTry = rows.map(({ kind, outcome }) => {
          if (outcome === 'ok') return { status: 'sent', attempts: 1, handedOver: 1 };
          if (outcome === 'permanent') return { status: 'failed', attempts: 1, handedOver: 0 };
          if (outcome === 'unrenderable' && kind.startsWith('push:')) return { status: 'sent', attempts: 1, handedOver: 1 };
          return { status: 'pending', attempts: 1, handedOver: 0 };
        });
        expect(await statesOf(ids)).toEqual(firstTry);

        // Past the first backoff, every transient failure is tried once more and sent.
        clock.advance(2_000);
        await worker.drain();
        expect(await statesOf(ids)).toEqual(
          rows.map(({ kind, outcome }) => {
            if (outcome === 'permanent') return { status: 'failed', attempts: 1, handedOver: 0 };
            const retried = transient(outcome) && !(outcome === 'unrenderable' && kind.startsWith('push:'));
            return { status: 'sent', attempts: retried ? 2 : 1, handedOver: 1 };
          }),
        );
      }),
      { numRuns: 25 },
    );
  });

  it('records a row that does not answer in time as failed, so the rest of its batch is recorded', async () => {
    const ids = await queue([
      { kind: 'alert-started', outcome: 'hang' },
      { kind: 'alert-started', outcome: 'ok' },
    ]);
    await worker.drain();
    const rows = await db.select({ id: outbox.id, lastError: outbox.lastError }).from(outbox);
    expect(rows.filter((row) => ids.includes(row.id)).map((row) => row.lastError)).toEqual([ROW_TIMED_OUT, null]);
  });
});
