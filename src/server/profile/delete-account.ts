import { and, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { contacts, outbox, users, verifications } from '#server/db/schema.ts';
import { dropInvitations } from '#server/contacts/invitations.ts';

/**
 * Delete a person and everything kept about them. The foreign keys take
 * contacts, sessions, opt-outs and the account's e-mails; what is keyed by
 * address or by contact id (pending codes, confirmation links, code e-mails to
 * the person) goes here. Rate-limit counters hold only hashes and expire alone.
 */
export async function deleteAccount(db: Queryable, userId: string): Promise<boolean> {
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId)).for('update');
  if (!user) return false;
  const owned = await db.select({ id: contacts.id }).from(contacts).where(eq(contacts.userId, userId));
  await dropInvitations(
    db,
    owned.map((row) => row.id),
  );
  await db.delete(verifications).where(and(eq(verifications.type, 'signin'), eq(verifications.target, user.email)));
  await db.delete(outbox).where(and(isNull(outbox.userId), eq(outbox.recipient, user.email)));
  await db.delete(users).where(eq(users.id, userId));
  return true;
}
