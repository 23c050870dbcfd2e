import { sql } from 'drizzle-orm';
import { afterCommit } from '#server/db/client.ts';
import type { Db, Queryable } from '#server/db/client.ts';
import { outbox } from '#server/db/schema.ts';
import type { MailKind, MessageInput } from '#server/messages/kinds.ts';
import { storedMessage } from '#server/messages/stored-data.ts';

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
 * row stores `kind` and `data`, parsed with the kind's schema (a refusal throws:
 * MessageDataError); its priority and renderer come from the kind
 * (src/server/messages/kinds.ts), and it is rendered when it is sent.
 */
export async function enqueueMail<K extends MailKind>(
  tx: Queryable,
  kind: K,
  to: string,
  data: MessageInput<K>,
  now: Date,
  userId: string | null = null,
  /** Not before this moment (an invitation the limits held back); by default at once. */
  dueAt: Date = now,
): Promise<number> {
  const [row] = await tx
    .insert(outbox)
    .values({ ...storedMessage(kind, data), userId, recipient: to, nextAttemptAt: dueAt, createdAt: now })
    .returning({ id: outbox.id });
  // Inside a savepoint the commit is out of sight: NOTIFY with the transaction, as before.
  if (!afterCommit(tx, notifyOutboxWorkers)) await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
  // The row's id: an alert's delivery record points at it (src/server/acknowledgements).
  return row?.id ?? 0;
}

/** An e-mail to queue: its kind and the data its renderer reads when it is sent. */
export type QueuedMail = { [K in MailKind]: { kind: K; to: string; data: MessageInput<K> } }[MailKind];

/**
 * `enqueueMail` for several e-mails in one statement (an alert's contacts):
 * their outbox ids, in the order given.
 */
export async function enqueueMails(
  tx: Queryable,
  mails: QueuedMail[],
  now: Date,
  userId: string | null = null,
): Promise<number[]> {
  if (mails.length === 0) return [];
  const rows = await tx
    .insert(outbox)
    .values(
      mails.map((mail) => ({
        ...storedMessage<MailKind>(mail.kind, mail.data),
        userId,
        recipient: mail.to,
        nextAttemptAt: now,
        createdAt: now,
      })),
    )
    .returning({ id: outbox.id, recipient: outbox.recipient });
  if (!afterCommit(tx, notifyOutboxWorkers)) await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
  // Matched by address, not by the order PostgreSQL happens to return them in.
  const ids = new Map<string, number[]>();
  for (const row of rows.sort((a, b) => a.id - b.id))
    ids.set(row.recipient, [...(ids.get(row.recipient) ?? []), row.id]);
  return mails.map((mail) => ids.get(mail.to)?.shift() ?? 0);
}
