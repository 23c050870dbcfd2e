import { sql } from 'drizzle-orm';
import { afterCommit } from '#server/db/client.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import { outbox } from '#server/db/schema.ts';
import type { MailContent } from './mail-content.ts';
import { mailPriority } from './mail-priority.ts';

export const OUTBOX_CHANNEL = 'outbox';

/** Wake the outbox workers once what was queued has committed (Db.$notify). */
export function notifyOutboxWorkers(db: Db): void {
  db.$notify(OUTBOX_CHANNEL);
}

/**
 * Queue an e-mail inside the caller's transaction: it exists if and only if the
 * data that caused it commits. The workers are woken once it has committed, so
 * they find the row as soon as it is visible. `userId` names the account
 * the e-mail belongs to (a contact's invitation, an alert), so that deleting
 * the account takes its mail along; sign-in codes belong to nobody yet. The
 * row's priority follows from `kind` (mail-priority.ts).
 */
export async function enqueueMail(
  tx: Queryable,
  kind: string,
  to: string,
  content: MailContent,
  now: Date,
  userId: string | null = null,
  /** Not before this moment (an invitation the limits held back); by default at once. */
  dueAt: Date = now,
): Promise<number> {
  const [row] = await tx
    .insert(outbox)
    .values({ kind, priority: mailPriority(kind), userId, recipient: to, ...content, nextAttemptAt: dueAt, createdAt: now })
    .returning({ id: outbox.id });
  // Inside a savepoint the commit is out of sight: NOTIFY with the transaction, as before.
  if (!afterCommit(tx, notifyOutboxWorkers)) await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
  // The row's id: an alert's delivery record points at it (src/server/acknowledgements).
  return row?.id ?? 0;
}

/** An e-mail with its bodies, or with the data its kind's template renders when it is sent (`template_data`). */
export type QueuedMail = { kind: string; to: string } & ({ content: MailContent } | { templateData: string });

/**
 * `enqueueMail` for several e-mails in one statement (an alert's contacts):
 * their outbox ids, in the order given.
 */
export async function enqueueMails(tx: Queryable, mails: QueuedMail[], now: Date, userId: string | null = null): Promise<number[]> {
  if (mails.length === 0) return [];
  const rows = await tx
    .insert(outbox)
    .values(
      mails.map((mail) => ({
        kind: mail.kind,
        priority: mailPriority(mail.kind),
        userId,
        recipient: mail.to,
        ...('content' in mail ? mail.content : { templateData: mail.templateData }),
        nextAttemptAt: now,
        createdAt: now,
      })),
    )
    .returning({ id: outbox.id, recipient: outbox.recipient });
  if (!afterCommit(tx, notifyOutboxWorkers)) await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
  // Matched by address, not by the order PostgreSQL happens to return them in.
  const ids = new Map<string, number[]>();
  for (const row of rows.sort((a, b) => a.id - b.id)) ids.set(row.recipient, [...(ids.get(row.recipient) ?? []), row.id]);
  return mails.map((mail) => ids.get(mail.to)?.shift() ?? 0);
}
