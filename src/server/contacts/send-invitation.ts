import { eq } from 'drizzle-orm';
import type { Config } from '#server/config.ts';
import type { Queryable } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { contactInvitationMail } from '#server/mail/templates/contact-invitation.ts';
import { sha256 } from '#server/security/hashing.ts';
import { hitRateLimit } from '#server/security/rate-limit.ts';
import type { RateVerdict } from '#server/security/rate-limit.ts';
import { issueInvitation } from './invitations.ts';
import { unsubscribeLink } from './opt-outs.ts';

type Invitee = { id: string; firstname: string; email: string };

/**
 * One more invitation e-mail from this account to this address, counted per
 * address rather than per contact row, so deleting and re-adding a contact does
 * not start the count again. The key is a hash: the table never holds addresses.
 */
export function countInvitation(tx: Queryable, config: Pick<Config, 'rateLimits'>, userId: string, email: string, now: Date): Promise<RateVerdict> {
  return hitRateLimit(tx, inviteLimitKey(userId, email), config.rateLimits.invitesPerContact, now);
}

export const inviteLimitKey = (userId: string, email: string) => `invite:${sha256(`${userId}:${email}`)}`;

/**
 * A fresh confirmation link (the earlier one dies) and its e-mail, in the
 * caller's transaction. The caller has checked that the address did not opt out.
 */
export async function sendInvitation(tx: Queryable, config: Config, userId: string, contact: Invitee, now: Date): Promise<void> {
  const [user] = await tx.select({ id: users.id, firstname: users.firstname, lastname: users.lastname }).from(users).where(eq(users.id, userId));
  if (!user) throw new Error('invitation without its user');
  const token = await issueInvitation(tx, contact.id, now);
  const content = contactInvitationMail({
    userName: `${user.firstname} ${user.lastname}`,
    contactFirstname: contact.firstname,
    verifyUrl: `${config.publicUrl}/web/active/verify/${token}`,
    unsubscribeUrl: await unsubscribeLink(tx, config, user.id, contact.email, now),
  });
  await enqueueMail(tx, 'contact-invitation', contact.email, content, now, user.id);
}
