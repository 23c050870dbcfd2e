import { sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { outbox } from '#server/db/schema.ts';
import type { MailContent } from './mail-content.ts';

export const OUTBOX_CHANNEL = 'outbox';

/**
 * Queue an e-mail inside the caller's transaction: it exists if and only if the
 * data that caused it commits. The NOTIFY is delivered at commit too, so the
 * worker wakes exactly when the row becomes visible. `userId` names the account
 * the e-mail belongs to (a contact's invitation, an alert), so that deleting
 * the account takes its mail along; sign-in codes belong to nobody yet.
 */
export async function enqueueMail(
  tx: Queryable,
  kind: string,
  to: string,
  content: MailContent,
  now: Date,
  userId: string | null = null,
): Promise<void> {
  await tx.insert(outbox).values({ kind, userId, recipient: to, ...content, nextAttemptAt: now, createdAt: now });
  await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
}
