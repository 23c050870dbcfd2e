import { sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { outbox } from '#server/db/schema.ts';
import type { MailContent } from './mail-content.ts';

export const OUTBOX_CHANNEL = 'outbox';

/**
 * Queue an e-mail inside the caller's transaction: it exists if and only if the
 * data that caused it commits. The NOTIFY is delivered at commit too, so the
 * worker wakes exactly when the row becomes visible.
 */
export async function enqueueMail(tx: Queryable, kind: string, to: string, content: MailContent, now: Date): Promise<void> {
  await tx.insert(outbox).values({ kind, recipient: to, ...content, nextAttemptAt: now, createdAt: now });
  await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
}
