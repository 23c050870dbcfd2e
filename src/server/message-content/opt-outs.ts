import { and, eq, ne, sql } from 'drizzle-orm';
import type { Config } from '#server/config.ts';
import type { Queryable } from '#server/db/client.ts';
import { optOuts } from '#server/db/schema.ts';
import { hmac, sha256 } from '#server/security/hashing.ts';

// Every e-mail one person's account sends to one address (invitations now,
// alerts later) carries the same unsubscribe link, and that address's opt-out
// outlives the contact row. Senders must ask `isUnsubscribed` first.

/**
 * Derived, not stored: HMAC(SECRET, user and address) is the same for every
 * e-mail and unguessable without SECRET. The table keeps only its hash, to find
 * the (user, address) pair when the link comes back.
 */
export function unsubscribeToken(secret: string, userId: string, email: string): string {
  return hmac(secret, `unsubscribe:${userId}:${email}`);
}

/** `PUBLIC_URL/web/active/unsubscribe?token=…` for e-mails from `userId` to `email`; records the pair in the caller's transaction. */
export async function unsubscribeLink(
  db: Queryable,
  config: Pick<Config, 'secret' | 'publicUrl'>,
  userId: string,
  email: string,
  now: Date,
): Promise<string> {
  const token = unsubscribeToken(config.secret, userId, email);
  const tokenHash = sha256(token);
  // Rewritten only if SECRET changed since the pair was first recorded: then the new links must work.
  await db
    .insert(optOuts)
    .values({ userId, email, tokenHash, createdAt: now })
    .onConflictDoUpdate({
      target: [optOuts.userId, optOuts.email],
      set: { tokenHash },
      setWhere: ne(optOuts.tokenHash, sql`excluded.token_hash`),
    });
  return unsubscribeUrl(config, token);
}

export function unsubscribeUrl(config: Pick<Config, 'publicUrl'>, token: string): string {
  return `${config.publicUrl}/web/active/unsubscribe?token=${token}`;
}

/**
 * `unsubscribeLink` for several addresses of one person in one statement (an
 * alert's contacts): the links in the order of `emails`.
 */
export async function unsubscribeLinks(
  db: Queryable,
  config: Pick<Config, 'secret' | 'publicUrl'>,
  userId: string,
  emails: string[],
  now: Date,
): Promise<string[]> {
  const tokens = emails.map((email) => unsubscribeToken(config.secret, userId, email));
  // One row per address: a statement may not upsert the same row twice.
  const rows = new Map(
    emails.map((email, i) => [email, { userId, email, tokenHash: sha256(tokens[i]!), createdAt: now }]),
  );
  if (rows.size > 0) {
    await db
      .insert(optOuts)
      .values([...rows.values()])
      .onConflictDoUpdate({
        target: [optOuts.userId, optOuts.email],
        set: { tokenHash: sql`excluded.token_hash` },
        setWhere: ne(optOuts.tokenHash, sql`excluded.token_hash`),
      });
  }
  return tokens.map((token) => unsubscribeUrl(config, token));
}

export async function isUnsubscribed(db: Queryable, userId: string, email: string): Promise<boolean> {
  const [row] = await db
    .select({ at: optOuts.unsubscribedAt })
    .from(optOuts)
    .where(and(eq(optOuts.userId, userId), eq(optOuts.email, email)));
  return Boolean(row?.at);
}
