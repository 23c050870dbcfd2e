import { and, eq, inArray } from 'drizzle-orm';
import { CONTACT_LINK_TTL_MS } from '#shared/constants.ts';
import type { Queryable } from '#server/db/client.ts';
import { verifications } from '#server/db/schema.ts';
import { randomToken, sha256 } from '#server/security/hashing.ts';

const TYPE = 'contact-invite';
const USED_TYPE = 'contact-invite-used';

/**
 * A new confirmation link for a contact. The row is unique per contact, so the
 * new token replaces any earlier one: an older e-mail's link stops working.
 * Returns the raw token for the e-mail; only its hash is kept.
 */
export async function issueInvitation(db: Queryable, contactId: string, now: Date): Promise<string> {
  const token = randomToken();
  const values = {
    codeHash: sha256(token),
    attempts: 0,
    sentAt: now,
    expiresAt: new Date(now.getTime() + CONTACT_LINK_TTL_MS),
  };
  await db
    .insert(verifications)
    .values({ type: TYPE, target: contactId, ...values })
    .onConflictDoUpdate({ target: [verifications.type, verifications.target], set: values });
  return token;
}

/**
 * Use up a link: the row goes whether or not it is still valid, and two
 * presses racing get it once. Returns the contact's id when the link was live.
 */
export async function takeInvitation(db: Queryable, token: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .delete(verifications)
    .where(and(eq(verifications.type, TYPE), eq(verifications.codeHash, sha256(token))))
    .returning({
      contactId: verifications.target,
      codeHash: verifications.codeHash,
      expiresAt: verifications.expiresAt,
    });
  if (!row || row.expiresAt <= now) return undefined;
  // Kept as used until the link would have expired: opened again, the page says it was already accepted.
  const used = { codeHash: row.codeHash, attempts: 0, sentAt: now, expiresAt: row.expiresAt };
  await db
    .insert(verifications)
    .values({ type: USED_TYPE, target: row.contactId, ...used })
    .onConflictDoUpdate({ target: [verifications.type, verifications.target], set: used });
  return row.contactId;
}

/** The contact whose invitation this link was, once accepted (until the link would have expired). */
export async function acceptedInvitationContactOf(
  db: Queryable,
  token: string,
  now: Date,
): Promise<string | undefined> {
  const [row] = await db
    .select({ contactId: verifications.target, expiresAt: verifications.expiresAt })
    .from(verifications)
    .where(and(eq(verifications.type, USED_TYPE), eq(verifications.codeHash, sha256(token))));
  return row && row.expiresAt > now ? row.contactId : undefined;
}

/** Kill the pending links of these contacts (deleted, or opted out). */
export async function dropInvitations(db: Queryable, contactIds: string[]): Promise<void> {
  if (contactIds.length === 0) return;
  await db
    .delete(verifications)
    .where(and(inArray(verifications.type, [TYPE, USED_TYPE]), inArray(verifications.target, contactIds)));
}

/** The contact a live confirmation link belongs to, without using the link up. */
export async function invitedContactOf(db: Queryable, token: string, now: Date): Promise<string | undefined> {
  const [row] = await db
    .select({ contactId: verifications.target, expiresAt: verifications.expiresAt })
    .from(verifications)
    .where(and(eq(verifications.type, TYPE), eq(verifications.codeHash, sha256(token))));
  return row && row.expiresAt > now ? row.contactId : undefined;
}
