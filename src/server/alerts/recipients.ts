import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { contacts, optOuts } from '#server/db/schema.ts';

export type Recipient = { email: string; firstname: string; lastname: string };

/** Contacts who accepted and have not opted out of this person's e-mails. */
export async function alertRecipients(tx: Queryable, userId: string): Promise<Recipient[]> {
  return tx
    .select({ email: contacts.email, firstname: contacts.firstname, lastname: contacts.lastname })
    .from(contacts)
    .leftJoin(optOuts, and(eq(optOuts.userId, contacts.userId), eq(optOuts.email, contacts.email)))
    .where(and(eq(contacts.userId, userId), isNotNull(contacts.emailVerifiedAt), isNull(optOuts.unsubscribedAt)))
    .orderBy(contacts.createdAt);
}
