import pg from 'pg';
import type { Clock } from '#server/clock.ts';
import { errorName } from '#server/error-name.ts';
import type { Log } from '#server/log.ts';
import type { PushSender } from '#server/push/push-sender.ts';
import type { MailContent } from './mail-content.ts';
import { PRIORITY, type Priority } from '#server/messages/priority.ts';
import type { Rendered, StoredMessage } from '#server/messages/render-message.ts';
import { OUTBOX_CHANNEL } from './outbox.ts';
import type { MailTransport } from './transport.ts';
import { settledWithin } from '#shared/settled-within.ts';

export type OutboxWorkerOptions = {
  /** The batches run on its clients; LISTEN gets a client of its own with the same settings. */
  pool: pg.Pool;
  /** For every e-mail, or only for those that are not an alert's when `urgentTransport` is given. */
  transport: MailTransport;
  /**
   * For the alert lane: its own SMTP connections, so an SOS never queues in
   * the mail library behind invitations that hold every connection.
   */
  urgentTransport?: MailTransport;
  clock: Clock;
  log: Log;
  /** Fallback polling, for NOTIFYs lost while the listener reconnects and for retries coming due. */
  pollMs?: number;
  maxBackoffMs?: number;
  /** After this many failed sends a row is marked failed and left alone. */
  maxAttempts?: number;
  /**
   * How long one row may take before it counts as failed and the batch goes on
   * without it: above the SMTP pool's and the push sender's own time-outs.
   */
  rowTimeoutMs?: number;
  /** The alert lane: senders that claim only alert e-mails. */
  urgent?: Partial<LaneSize>;
  /** The general lane: senders that claim any e-mail, highest priority first. */
  general?: Partial<LaneSize>;
  /** The bodies of a row stored as kind plus data (src/server/messages/render-message.ts). */
  render: (mail: StoredMessage) => Rendered<MailContent>;
  /** Rows that are phone notifications rather than e-mails go here (src/server/push). */
  push?: PushSender;
};

/**
 * How many senders a lane runs at the same time (each holds one pool
 * connection while it sends) and how many rows each claims, sends and commits
 * together.
 */
export type LaneSize = { senders: number; batchSize: number };

/**
 * The alert lane sends as many as before priorities existed. The general lane
 * keeps at most five e-mails in flight: that is all an SOS can find ahead of it
 * at a slow relay, which takes messages in the order they arrive.
 */
export const URGENT_LANE: LaneSize = { senders: 2, batchSize: 10 };
export const GENERAL_LANE: LaneSize = { senders: 1, batchSize: 5 };

export type OutboxWorker = {
  /** LISTEN and poll until stopped. */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Send every row that is due now; resolves once none is left (tests await this). */
  drain(): Promise<void>;
};

const BASE_BACKOFF_MS = 2_000;

/**
 * How a sender's transaction starts. The claim below must walk outbox_due_idx
 * in its order and stop after the batch. Statistics gathered while the queue
 * was empty, its usual state, make the planner expect a handful of due rows and
 * prefer fetching them all and sorting them; under a burst that means every
 * claim reads and sorts the whole queue, thousands of rows, so the claims slow
 * down as the queue grows and it grows faster still. With sorting ruled out,
 * the index order is the plan left.
 */
export const BEGIN_SENDING = 'begin; set local enable_sort = off';

/**
 * The due rows of priority $3 or higher (a lower number) that no live sender
 * holds, highest first; within
 * a priority by turn (src/server/db/schema.ts, outbox.turn), so each claim takes
 * everyone's next row to each contact before anyone's later ones, and an
 * account with a backlog gets its share rather than the whole lane; then oldest
 * due first. outbox_due_idx is in this order. A row waits while an earlier turn
 * of its account to the same recipient is due and not yet tried, even one
 * another sender holds right now: a contact never reads an alert's end, or a
 * position, before its start. One that failed and waits for its retry, or that
 * is not due yet, holds nothing back. A first turn has nothing before it and
 * skips that look.
 *
 * A row another sender claimed (outbox.claimed_by) stays its own while that
 * sender's database connection lives, and the sender keeps it for the whole
 * batch: a killed sender's connection dies with it, and its rows are due again
 * at once, as a rolled-back claim was. A claim older than $4 is taken back
 * whatever its connection: a sender records its rows within one row time-out.
 */
export const CLAIM_DUE = {
  name: 'outbox_claim_due',
  text: `select id, kind, user_id, recipient, subject, text, html, template_data, attempts from outbox o
    where status = 'pending' and priority <= $3 and next_attempt_at <= $1
      and (claimed_by is null or claimed_at <= $4 or not exists (select from pg_stat_get_activity(o.claimed_by)))
      and (turn = 0 or not exists (select from outbox e where e.user_id = o.user_id and e.recipient = o.recipient
        and e.priority = o.priority and e.status = 'pending' and e.turn < o.turn and e.attempts = 0 and e.next_attempt_at <= $1))
    order by priority, turn, next_attempt_at, id limit $2 for update skip locked`,
};
/**
 * The claim itself, committed before anything is handed over: from then on an
 * end never withdraws these rows (src/server/alerts/withdraw-unsent.ts), since
 * the sender may die after the mail server took one and before it records it.
 */
const CLAIM = `with due as materialized (${CLAIM_DUE.text})
    update outbox o set claimed_at = $1, claimed_by = pg_backend_pid() from due where o.id = due.id returning due.*`;
const RELEASE_CLAIMS = `update outbox set claimed_by = null where id = any($1::bigint[]) and claimed_by = pg_backend_pid()`;
const MARK_SENT = `update outbox set status = 'sent', attempts = attempts + 1, sent_at = $2, subject = null, text = null, html = null,
      template_data = null, last_error = null, claimed_by = null
    where id = any($1::bigint[])`;

/**
 * A statement with its values written in, for the simple protocol, which runs
 * several statements in one round trip to the database: the begin with the
 * claim, the marking with the commit. The values are only ever ours: a time,
 * small integers and row ids the database gave us, each checked here.
 */
function withValues(text: string, values: (Date | number | string[])[]): string {
  return text.replace(/\$(\d)(::bigint\[\])?/g, (_, n: string) => {
    const value = values[Number(n) - 1];
    if (value instanceof Date) return `'${value.toISOString()}'::timestamptz`;
    if (typeof value === 'number' && Number.isInteger(value)) return String(value);
    if (Array.isArray(value) && value.every((id) => /^\d+$/.test(id))) return `'{${value.join(',')}}'::bigint[]`;
    throw new Error('outbox: unexpected statement value');
  });
}
const MARK_FAILED = {
  name: 'outbox_mark_failed',
  text: `update outbox o set status = f.status, attempts = f.attempts, next_attempt_at = f.next_attempt_at, last_error = f.last_error,
      claimed_by = null
    from unnest($1::bigint[], $2::text[], $3::int[], $4::timestamptz[], $5::text[]) as f(id, status, attempts, next_attempt_at, last_error)
    where o.id = f.id`,
};

type Lane = LaneSize & { maxPriority: Priority; transport: MailTransport };

/** bigint ids come from pg as strings. */
type ClaimedRow = {
  id: string;
  kind: string;
  user_id: string | null;
  recipient: string;
  subject: string | null;
  text: string | null;
  html: string | null;
  template_data: string | null;
  attempts: number;
};

/** What a failed attempt records when the mail server or push service did not answer in time. */
export const ROW_TIMED_OUT = 'sin respuesta a tiempo';
/** What a failed attempt records when the row's earlier, timed-out send has not ended yet. */
export const ROW_STILL_SENDING = 'envío anterior aún en curso';
const TIMED_OUT = Symbol('timed out');

/** The result of one row's attempt, e-mail or phone notification alike. */
type RowResult = { ok: true } | RowFailure;
type RowFailure = { ok: false; error: string; permanent?: boolean };

export function retryDelayMs(attempts: number, maxBackoffMs: number): number {
  return Math.min(maxBackoffMs, BASE_BACKOFF_MS * 2 ** Math.max(0, attempts - 1));
}

export function createOutboxWorker(options: OutboxWorkerOptions): OutboxWorker {
  const {
    pool,
    transport,
    clock,
    log,
    render,
    push,
    pollMs = 5_000,
    maxBackoffMs = 5 * 60_000,
    maxAttempts = 100,
    rowTimeoutMs = 60_000,
  } = options;
  /** A claim this old is taken back even if its sender's connection seems alive: it records its rows well before. */
  const claimLeaseMs = rowTimeoutMs * 3;
  const lanes: Lane[] = [
    { ...URGENT_LANE, ...options.urgent, maxPriority: PRIORITY.alert, transport: options.urgentTransport ?? transport },
    { ...GENERAL_LANE, ...options.general, maxPriority: PRIORITY.other, transport },
  ];

  let stopped = true;
  /** Set by stop(): senders finish the batch in hand and claim no other. */
  let closing = false;
  /** The lanes' loops now running, which stop() waits for. */
  const running = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | undefined;
  let listener: pg.Client | undefined;
  /** Rows whose send outlived its time-out in this process and has not ended: sending them again could deliver them twice. */
  const stillSending = new Set<string>();

  /**
   * The bodies rendered from the row's kind and data; or as stored, for a row an
   * older server queued with its bodies (it may still be waiting after an upgrade).
   */
  function contentOf(row: ClaimedRow): Rendered<MailContent> {
    if (row.template_data === null)
      return { ok: true, content: { subject: row.subject ?? '', text: row.text ?? '', html: row.html ?? '' } };
    return render({ kind: row.kind, userId: row.user_id, recipient: row.recipient, templateData: row.template_data });
  }

  /**
   * One row's attempt, whatever happens to it: a throw, a rejection or a reply
   * that never comes is this row's failure and nobody else's. A row that does
   * not answer in time is let go (and tried again later) so that the batch
   * commits and the rows handed over with it are recorded as sent. Its send
   * may still end well: until it ends (or ten time-outs pass) the row is not
   * sent again, and if the server took it after all, it is recorded as sent then.
   */
  async function attempt(row: ClaimedRow, transport: MailTransport, now: Date): Promise<RowResult> {
    if (stillSending.has(row.id)) return { ok: false, error: ROW_STILL_SENDING };
    const sending = (async (): Promise<RowResult> => {
      if (push?.isPush(row.kind))
        return push.send(
          { id: Number(row.id), kind: row.kind, recipient: row.recipient, templateData: row.template_data },
          now,
        );
      const rendered = contentOf(row);
      if (!rendered.ok) return rendered;
      return transport.send({ id: Number(row.id), to: row.recipient, ...rendered.content }, now);
    })().catch((error: unknown): RowResult => ({ ok: false, error: errorName(error) }));
    const result = await settledWithin(sending, rowTimeoutMs, TIMED_OUT);
    if (result !== TIMED_OUT) return result;
    // Held no longer than ten time-outs: a send that never ends must not keep its row from ever leaving.
    stillSending.add(row.id);
    const released = setTimeout(() => stillSending.delete(row.id), rowTimeoutMs * 10);
    released.unref();
    void sending
      .then(async (outcome) => {
        if (outcome.ok) await pool.query(`${withValues(MARK_SENT, [[row.id], clock.now()])} and status <> 'sent'`);
      })
      .catch((error: unknown) => log.error(`correo ${row.id}: entregado tarde, sin registrar (${errorName(error)})`))
      .finally(() => {
        clearTimeout(released);
        stillSending.delete(row.id);
      });
    return { ok: false, error: ROW_TIMED_OUT };
  }

  /**
   * Claim up to `batchSize` due rows of the lane, commit the claim, then send
   * them at once. SKIP LOCKED keeps two claims apart, and the committed claim
   * keeps other senders off the rows while this one's connection, held for the
   * whole batch, lives. Each row is sent and judged on its own (`attempt`);
   * then one transaction records the batch, the failures behind a savepoint, so
   * nothing a neighbour does can undo the record of a row already handed over.
   * A crash between the SMTP server's acceptance and that record resends the
   * batch's accepted mails (at least once, never lost), and the claim left on
   * them says they may have left. Plain SQL on a pool client, no query builder;
   * the claim goes in one round trip with its begin and commit, and so does the
   * record of a batch without failures.
   */
  async function sendBatch({ batchSize, maxPriority, transport }: Lane): Promise<number> {
    const client = await pool.connect();
    let broken: Error | undefined;
    let recorded = true;
    let rows: ClaimedRow[] = [];
    try {
      const now = clock.now();
      const leaseEnded = new Date(now.getTime() - claimLeaseMs);
      const claimed = (await client.query(
        `${BEGIN_SENDING}; ${withValues(CLAIM, [now, batchSize, maxPriority, leaseEnded])}; commit`,
      )) as unknown as pg.QueryResult<ClaimedRow>[];
      rows = claimed.find((result) => result.command === 'UPDATE')?.rows ?? [];
      const results = await Promise.all(rows.map((row) => attempt(row, transport, now)));
      const sentIds = rows.filter((_, i) => results[i]?.ok).map((row) => row.id);
      const failures = rows.flatMap((row, i) => {
        const result = results[i];
        return result && !result.ok ? [{ row, result }] : [];
      });
      // The row stays as a receipt; the body goes, since it may hold a code or a position.
      const markSent = sentIds.length > 0 ? withValues(MARK_SENT, [sentIds, clock.now()]) : undefined;
      if (failures.length > 0) {
        await client.query('begin');
        recorded = await recordFailures(client, failures, now);
        await client.query(markSent ? `${markSent}; commit` : 'commit');
        if (!recorded)
          await releaseClaims(
            client,
            failures.map(({ row }) => row),
          );
      } else if (markSent) await client.query(markSent);
    } catch (error) {
      await client.query('rollback').catch((lost: unknown) => {
        broken = lost instanceof Error ? lost : new Error('rollback failed');
      });
      if (!broken) await releaseClaims(client, rows);
      throw error;
    } finally {
      // A client whose rollback failed is dropped rather than lent out again mid-transaction.
      client.release(broken);
    }
    // Failures left unrecorded are due at once: stop this lane until the next poll rather than spin on them.
    if (!recorded) throw new Error('outbox: failures not recorded');
    return rows.length;
  }

  /**
   * Rows whose attempt could not be recorded are due again at once, as they
   * were when a rolled-back claim let them go; they keep `claimed_at`, since
   * they may have left. Should this fail too, the claim's lease frees them.
   */
  async function releaseClaims(client: pg.PoolClient, rows: ClaimedRow[]): Promise<void> {
    if (rows.length === 0) return;
    await client
      .query(RELEASE_CLAIMS, [rows.map((row) => row.id)])
      .then(() => undefined)
      .catch(() => undefined);
  }

  /**
   * Record the batch's failed attempts: retried with backoff, or given up when
   * trying again cannot help. Behind a savepoint: should recording them fail,
   * the rows that were sent are still marked sent (the failed ones are simply
   * claimed again later).
   */
  async function recordFailures(
    client: pg.PoolClient,
    failures: { row: ClaimedRow; result: RowFailure }[],
    now: Date,
  ): Promise<boolean> {
    const values = failures.map(({ row, result }) => {
      const attempts = row.attempts + 1;
      // A refused recipient stays refused: no point retrying it a hundred times.
      const failed = attempts >= maxAttempts || result.permanent === true;
      // A reason is a short text of ours or a library's: no control character (PostgreSQL refuses NUL) and no novel.
      const error = result.error.replace(/\p{Cc}+/gu, ' ').slice(0, 200);
      return {
        row,
        error,
        attempts,
        failed,
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts, maxBackoffMs)),
      };
    });
    await client.query('savepoint record_failures');
    try {
      await client.query({
        ...MARK_FAILED,
        values: [
          values.map((v) => v.row.id),
          values.map((v) => (v.failed ? 'failed' : 'pending')),
          values.map((v) => v.attempts),
          values.map((v) => v.nextAttemptAt),
          values.map((v) => v.error),
        ],
      });
      await client.query('release savepoint record_failures');
    } catch (error) {
      await client.query('rollback to savepoint record_failures');
      log.error(`outbox: fallos sin registrar (${errorName(error)})`);
      return false;
    }
    for (const { row, error, attempts, failed } of values) {
      log.warn(`correo ${row.id}: envío fallido (intento ${attempts}, ${error})${failed ? ', abandonado' : ''}`);
    }
    return true;
  }

  async function sendUntilNoneDue(lane: Lane): Promise<void> {
    while (!closing && (await sendBatch(lane)) > 0) {
      /* keep sending */
    }
  }

  /**
   * One lane's senders, until none of them finds a due row. Each lane loops on
   * its own: a NOTIFY while the general lane works through a thousand
   * invitations starts the alert lane again at once, rather than after them.
   */
  function laneDrain(lane: Lane): () => Promise<void> {
    let current: Promise<void> | undefined;
    let again = false;
    async function loop(): Promise<void> {
      do {
        again = false;
        // Several senders at once (SKIP LOCKED keeps them apart), so one slow
        // reply from the mail server does not hold up the rest.
        await Promise.all(Array.from({ length: lane.senders }, () => sendUntilNoneDue(lane)));
      } while (again);
    }
    return () => {
      if (current) {
        again = true;
        return current;
      }
      const started = loop().finally(() => {
        current = undefined;
        running.delete(started);
      });
      current = started;
      running.add(started);
      return started;
    };
  }

  const laneDrains = lanes.map(laneDrain);

  async function drain(): Promise<void> {
    await Promise.all(laneDrains.map((drainLane) => drainLane()));
  }

  function kick(): void {
    // Name and driver code only: a database message may quote row values. The next poll retries.
    drain().catch((error: unknown) => {
      const code = (error as { code?: unknown }).code;
      log.error(
        `outbox: ${error instanceof Error ? error.name : 'error'}${typeof code === 'string' ? ` ${code}` : ''}`,
      );
    });
  }

  function relisten(): void {
    if (stopped) return;
    setTimeout(() => void listen().catch(relisten), pollMs).unref();
  }

  /** A dedicated connection that LISTENs; when it drops, polling carries on and we reconnect. */
  async function listen(): Promise<void> {
    const client = new pg.Client(pool.options);
    const lost = () => {
      if (listener !== client) return;
      listener = undefined;
      client.end().catch(() => undefined);
      relisten();
    };
    client.on('notification', kick);
    client.on('error', lost);
    client.on('end', lost);
    try {
      await client.connect();
      await client.query(`listen ${OUTBOX_CHANNEL}`);
    } catch (error) {
      // A database that takes the connection but refuses LISTEN (a standby) would otherwise keep
      // one more open connection each time the next poll tries again.
      client.end().catch(() => undefined);
      throw error;
    }
    listener = client;
    if (stopped) {
      listener = undefined;
      await client.end();
      return;
    }
    // Rows committed while we were not listening.
    kick();
  }

  return {
    drain,
    async start() {
      if (!stopped) return;
      stopped = false;
      closing = false;
      timer = setInterval(kick, pollMs);
      timer.unref();
      await listen();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => undefined);
      closing = true;
      await Promise.all([...running].map((lane) => lane.catch(() => undefined)));
      closing = false;
    },
  };
}
