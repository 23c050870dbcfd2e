import { and, eq, gt, isNotNull } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { alertDeliveries, contacts } from '#server/db/schema.ts';
import { hmac, sameHash, sha256 } from '#server/security/hashing.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The token the accept page gets once the contact accepted (the invitation's
 * own token is used up by then): the contact's id and an HMAC of it with
 * SECRET, so nothing is stored and nobody can make one for another contact.
 * Good only for turning this contact's phone notifications on and off.
 */
export function contactPushToken(secret: string, contactId: string): string {
  return `${contactId}${hmac(secret, `push:${contactId}`)}`;
}

function contactIdOfPushToken(secret: string, token: string): string | undefined {
  const contactId = token.slice(0, 36);
  if (!UUID.test(contactId)) return undefined;
  return sameHash(token, contactPushToken(secret, contactId)) ? contactId : undefined;
}

/**
 * The confirmed contact behind a token the contact's pages hold: the accept
 * page's (contactPushToken) or an alert's live 'Lo tengo' token. Undefined
 * when unknown, expired, or the contact was deleted or has not accepted.
 */
export async function confirmedContactOf(
  db: Queryable,
  secret: string,
  token: string,
  now: Date,
): Promise<string | undefined> {
  const direct = contactIdOfPushToken(secret, token);
  const confirmed = isNotNull(contacts.emailVerifiedAt);
  const [row] = direct
    ? await db
        .select({ id: contacts.id })
        .from(contacts)
        .where(and(eq(contacts.id, direct), confirmed))
    : await db
        .select({ id: contacts.id })
        .from(alertDeliveries)
        .innerJoin(
          contacts,
          and(eq(contacts.userId, alertDeliveries.userId), eq(contacts.email, alertDeliveries.contactEmail)),
        )
        .where(and(eq(alertDeliveries.tokenHash, sha256(token)), gt(alertDeliveries.expiresAt, now), confirmed));
  return row?.id;
}
