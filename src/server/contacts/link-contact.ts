import { and, eq } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { contacts, optOuts } from '#server/db/schema.ts';
import { confirmedContactOf } from '#server/push/contact-token.ts';
import { sha256 } from '#server/security/hashing.ts';
import { invitedContactOf } from './invitations.ts';

/**
 * The contact behind any link a contact's page holds: a live invitation (the
 * terms page), the accept page's token, an alert's live 'Lo tengo' token, or
 * the unsubscribe token (which stays good for that person and address). What
 * such a token may change is the contact's own language, nothing else.
 */
export async function contactOfLink(
  db: Queryable,
  secret: string,
  token: string,
  now: Date,
): Promise<string | undefined> {
  const found = (await confirmedContactOf(db, secret, token, now)) ?? (await invitedContactOf(db, token, now));
  if (found) return found;
  const [row] = await db
    .select({ id: contacts.id })
    .from(optOuts)
    .innerJoin(contacts, and(eq(contacts.userId, optOuts.userId), eq(contacts.email, optOuts.email)))
    .where(eq(optOuts.tokenHash, sha256(token)));
  return row?.id;
}
