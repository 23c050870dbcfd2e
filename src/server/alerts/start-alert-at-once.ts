import type pg from 'pg';
import type { ActiveButtonReply } from '#shared/api/active-button.ts';
import type { Config } from '#server/config.ts';
import { batched } from '#server/db/batched.ts';
import type { Db } from '#server/db/client.ts';
import { onClient } from '#server/db/statements.ts';
import type { AlertStarter, AtOnce, Press } from '#server/deps.ts';
import { isDatabaseUnavailable } from '#server/http/database-unavailable.ts';
import { notifyOutboxWorkers } from '#server/mail/outbox.ts';
import { readAlertContexts } from './alert-context.ts';
import { planStart, writeStarts, type StartRows } from './start-rows.ts';

/**
 * The app's writer of starts in one statement (AppDeps.alertStarter), for
 * the common case: a '1' from a person with no active alert, under a key not
 * seen before, or a replay of a key whose answer is stored. Undefined when it
 * does not hold (an alert is on, a race): the caller then runs the
 * transaction of alert-actions.ts, which handles every case and writes a
 * start with the same rows (start-rows.ts). Presses that arrive while others
 * are being written go together in the next batch (batched.ts): one context
 * read and one statement for all of them. The e-mails' data comes from a
 * context read just before the statement; a contact confirmed in between gets
 * the next e-mail, as if the press had come a moment earlier.
 */
export function createAlertStarter(db: Db, config: Pick<Config, 'secret'>): AlertStarter {
  return batched((presses: Press[]) => startTogether(db, config, presses), { maxBatch: 100, maxInFlight: 3 });
}

async function startTogether(
  db: Db,
  config: Pick<Config, 'secret'>,
  presses: Press[],
): Promise<(AtOnce | undefined)[]> {
  // One client for the read and the write: checked out twice, every batch would queue behind
  // all the others twice over when the pool is busy.
  const client = await db.$client.connect();
  let broken: Error | undefined;
  try {
    return await startOn(db, config, client, presses);
  } catch (error) {
    // A connection that is gone: never lend that client out again, and let the caller answer 503.
    if (isDatabaseUnavailable(error) || typeof (error as { code?: unknown }).code !== 'string') {
      broken = error instanceof Error ? error : new Error('alert start failed');
      throw error;
    }
    // A statement PostgreSQL refused (another alert went active meanwhile, alerts_one_active_per_user):
    // nothing was written, and the transaction path handles every case.
    return presses.map(() => undefined);
  } finally {
    client.release(broken);
  }
}

type Outcome = { answer: AtOnce | undefined } | { rows: StartRows; reply: ActiveButtonReply };

async function startOn(
  db: Db,
  config: Pick<Config, 'secret'>,
  client: pg.PoolClient,
  presses: Press[],
): Promise<(AtOnce | undefined)[]> {
  const run = onClient(client);
  const contexts = await readAlertContexts(run, presses);
  const seen = new Set<string>();
  const outcomes = presses.map((press, i): Outcome => {
    const context = contexts[i];
    if (!context) return { answer: undefined };
    const plan = planStart(config, press, context);
    if (plan.kind === 'answer') {
      const { claim } = plan;
      if (claim.kind === 'mismatch') return { answer: { kind: 'mismatch' } };
      return { answer: claim.reply ? { kind: 'answered', reply: claim.reply } : undefined };
    }
    // A second press of one person in the batch (a double tap, two phones): the transaction path
    // takes it after this statement, in turn behind the person's lock.
    if (plan.kind === 'not-a-start' || seen.has(press.userId)) return { answer: undefined };
    seen.add(press.userId);
    return { rows: plan.rows, reply: plan.reply };
  });
  const starts = outcomes.flatMap((outcome) => ('rows' in outcome ? [outcome.rows] : []));
  if (starts.length === 0) return outcomes.map((outcome) => ('answer' in outcome ? outcome.answer : undefined));

  const claimed = await writeStarts(run, starts);
  // After the commit, as for every outbox row (docs/decisions/009).
  if (starts.some((start) => claimed.has(start.user_id) && start.mails.length > 0)) notifyOutboxWorkers(db);
  return outcomes.map((outcome) => {
    if ('answer' in outcome) return outcome.answer;
    // The key was taken meanwhile (the same press, sent twice at once): its answer is the transaction path's to give.
    return claimed.has(outcome.rows.user_id) ? { kind: 'answered', reply: outcome.reply } : undefined;
  });
}
