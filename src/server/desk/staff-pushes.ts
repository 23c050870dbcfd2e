import { inArray, sql } from 'drizzle-orm';
import { afterCommit, type Queryable } from '#server/db/client.ts';
import { outbox, staffPushSubscriptions } from '#server/db/schema.ts';
import { notifyOutboxWorkers, OUTBOX_CHANNEL } from '#server/mail/outbox.ts';
import type { MessageInput } from '#server/messages/kinds.ts';
import { storedMessage } from '#server/messages/stored-data.ts';

/**
 * One outbox row per phone of each staff member told of an escalation round,
 * in the caller's transaction beside the round's e-mails: the same sender sends
 * them (push-sender.ts), each row failing alone, in the lane and turn its kind
 * declares (kinds.ts). The row names the subscription; it holds the case and
 * the wait only. Returns how many phones.
 */
export async function queueStaffPushes(
  tx: Queryable,
  staffIds: readonly string[],
  data: MessageInput<'push:desk-escalation'>,
  now: Date,
): Promise<number> {
  if (staffIds.length === 0) return 0;
  const phones = await tx
    .select({ id: staffPushSubscriptions.id })
    .from(staffPushSubscriptions)
    .where(inArray(staffPushSubscriptions.staffId, [...staffIds]));
  if (phones.length === 0) return 0;
  const message = storedMessage('push:desk-escalation', data);
  await tx
    .insert(outbox)
    .values(
      phones.map((phone) => ({ ...message, userId: null, recipient: phone.id, nextAttemptAt: now, createdAt: now })),
    );
  if (!afterCommit(tx, notifyOutboxWorkers)) await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
  return phones.length;
}
