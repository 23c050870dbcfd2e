import { eq } from 'drizzle-orm';
import type { Language } from '#shared/language.ts';
import type { Config } from '#server/config.ts';
import type { Queryable } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { issueInvitation } from './invitations.ts';
import { unsubscribeLink } from '#server/message-content/opt-outs.ts';

type Invitee = { id: string; firstname: string; email: string; language: Language };

/**
 * A fresh confirmation link (the earlier one dies) and its e-mail, in the
 * caller's transaction, leaving at `at` (now, or the slot the invitation limits
 * gave: invitation-slots.ts); the link's 7 days count from then. The caller has
 * checked that the address did not opt out and taken the slot.
 */
export async function sendInvitation(
  tx: Queryable,
  config: Config,
  userId: string,
  contact: Invitee,
  now: Date,
  at: Date = now,
): Promise<void> {
  const [user] = await tx
    .select({ id: users.id, firstname: users.firstname, lastname: users.lastname })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new Error('invitation without its user');
  const token = await issueInvitation(tx, contact.id, at);
  // Recorded now; the e-mail's link is derived again from SECRET when it is rendered (invitation-mail-data.ts).
  await unsubscribeLink(tx, config, user.id, contact.email, now);
  const data = {
    userName: `${user.firstname} ${user.lastname}`,
    contactFirstname: contact.firstname,
    language: contact.language,
    token,
  };
  await enqueueMail(tx, 'contact-invitation', contact.email, data, now, user.id, at);
}
