import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, createPool, type Db } from '#server/db/client.ts';
import { outbox } from '#server/db/schema.ts';
import type { MailContent } from '#server/mail/mail-content.ts';
import { createOutboxWorker, ROW_TIMED_OUT, type OutboxWorker } from '#server/mail/outbox-worker.ts';
import type { MailTransport } from '#server/mail/transport.ts';
import { PRIORITY } from '#server/messages/priority.ts';
import type { Rendered } from '#server/messages/render-message.ts';
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
const outcomes = [
  'ok',
  'throw',
  'reject',
  'refused',
  'permanent',
  'hang',
  'unrenderable',
  'control-characters',
] as const;
/** Not generated: a send that is taken by the server only after its time-out, when the test lets it. */
type Outcome = (typeof outcomes)[number] | 'late';

/** The kinds a row may have: its lane comes from its kind, and push rows go to the push sender. */
const kinds = [
  'alert-started',
  'alert-ended',
  'signin-code',
  'contact-invitation',
  'push:alert-started',
  'push:alert-ended',
] as const;

type PlannedRow = { kind: (typeof kinds)[number]; outcome: Outcome };

const ROW_TIMEOUT_MS = 150;

const planned = fc.array(fc.record({ kind: fc.constantFrom(...kinds), outcome: fc.constantFrom(...outcomes) }), {
  minLength: 1,
  maxLength: 24,
});

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
  /** Rows whose first send waits, past the time-out, until the test lets the server take it. */
  const lateSends = new Map<number, () => void>();
  /** Ends every hung send, as the transport's own time-out would, and lets the worker hear of it. */
  const hung: (() => void)[] = [];
  async function endHungSends(): Promise<void> {
    for (const end of hung.splice(0)) end();
    await new Promise((resolve) => setImmediate(resolve));
  }

  /** The row's next attempt, as the transport, the renderer or the push sender meets it. */
  function meet(
    id: number,
    stage: 'render' | 'send',
  ): { ok: true } | { ok: false; error: string; permanent?: boolean } | Promise<{ ok: true }> {
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
      // As a real transport's own socket time-out ends it, long after ours: the test ends it after the first drain.
      if (outcome === 'hang')
        return new Promise<never>((_, reject) => hung.push(() => reject(new Error('socket timed out'))));
      if (outcome === 'late') {
        return new Promise<{ ok: true }>((resolve) => {
          lateSends.set(id, () => {
            handedOver.set(id, (handedOver.get(id) ?? 0) + 1);
            resolve({ ok: true });
          });
        });
      }
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
        if (met instanceof Promise) return met.then(() => ({ ok: true as const, via: 'file' as const }));
        return met.ok ? { ok: true, via: 'file' } : met;
      },
      close: () => undefined,
    };
    const push: PushSender = {
      isPush: (kind) => kind.startsWith('push:'),
      send: async (row) => meet(row.id, 'send'),
    };
    const render = ({ templateData }: { templateData: string }): Rendered<MailContent> => {
      const { id } = JSON.parse(templateData) as { id: number };
      meet(id, 'render');
      return { ok: true, content: { subject: 'Asunto', text: 'Texto', html: '<p>Texto</p>' } };
    };
    worker = createOutboxWorker({
      pool,
      transport,
      clock,
      log: captureLog(),
      render,
      push,
      rowTimeoutMs: ROW_TIMEOUT_MS,
    });
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
          priority: row.kind.includes('alert')
            ? PRIORITY.alert
            : row.kind === 'signin-code'
              ? PRIORITY.signIn
              : PRIORITY.other,
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
    return ids.map((id) => ({
      status: byId.get(id)?.status,
      attempts: byId.get(id)?.attempts,
      handedOver: handedOver.get(id) ?? 0,
    }));
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
          if (outcome === 'unrenderable' && kind.startsWith('push:'))
            return { status: 'sent', attempts: 1, handedOver: 1 };
          return { status: 'pending', attempts: 1, handedOver: 0 };
        });
        expect(await statesOf(ids)).toEqual(firstTry);

        // Past the first backoff, every transient failure is tried once more and sent.
        await endHungSends();
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
    const rows = await db.select({ id: outbox.id, lastError: outbox.lastError }).from(outbox).orderBy(outbox.id);
    expect(rows.filter((row) => ids.includes(row.id)).map((row) => row.lastError)).toEqual([ROW_TIMED_OUT, null]);
  });

  it('sends a row whose server answered after its time-out only once, and records it as sent then', async () => {
    const [id = 0, neighbour = 0] = await queue([
      { kind: 'alert-started', outcome: 'late' },
      { kind: 'alert-started', outcome: 'ok' },
    ]);
    await worker.drain();
    // While its first send is under way, the row is due again but not sent again.
    clock.advance(2_000);
    await worker.drain();
    expect(await statesOf([id, neighbour])).toEqual([
      { status: 'pending', attempts: 2, handedOver: 0 },
      { status: 'sent', attempts: 1, handedOver: 1 },
    ]);
    lateSends.get(id)?.();
    await expect.poll(async () => (await statesOf([id]))[0]?.status).toBe('sent');
    clock.advance(60 * 60_000);
    await worker.drain();
    expect(await statesOf([id])).toEqual([{ status: 'sent', attempts: 3, handedOver: 1 }]);
  });
});
