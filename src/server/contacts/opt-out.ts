import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { contacts, optOuts, outbox } from '#server/db/schema.ts';
import { sha256 } from '#server/security/hashing.ts';
import { dropInvitations } from './invitations.ts';

// The other half of an opt-out (the links and `isUnsubscribed` are in
// src/server/message-content/opt-outs.ts, below the e-mails that carry them):
// what following the link does to this person's contacts and queued e-mails.

/**
 * Honour an unsubscribe link (again and again: the first moment is kept). The
 * address's pending confirmation links die and its queued, unsent e-mails from
 * that person are dropped, so nothing more reaches it. False when the token is unknown.
 */
export async function optOut(db: Queryable, token: string, now: Date): Promise<boolean> {
  const [pair] = await db
    .update(optOuts)
    .set({ unsubscribedAt: sql`coalesce(${optOuts.unsubscribedAt}, ${now.toISOString()}::timestamptz)` })
    .where(eq(optOuts.tokenHash, sha256(token)))
    .returning({ userId: optOuts.userId, email: optOuts.email });
  if (!pair) return false;
  const ids = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.userId, pair.userId), eq(contacts.email, pair.email)));
  await dropInvitations(
    db,
    ids.map((row) => row.id),
  );
  await db
    .delete(outbox)
    .where(and(eq(outbox.userId, pair.userId), eq(outbox.recipient, pair.email), eq(outbox.status, 'pending')));
  return true;
}
