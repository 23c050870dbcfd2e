import { and, eq } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { alertRequests } from '#server/db/schema.ts';
import { hmac } from '#server/security/hashing.ts';

/**
 * The body of a request holds its position, so its hash is keyed with SECRET: a
 * plain SHA-256 of a few coordinates can be searched through from a stolen table.
 */
export function bodyHashOf(secret: string, input: unknown): string {
  return hmac(secret, `alert-request:${JSON.stringify(input)}`);
}

/**
 * What `body_hash` holds once it was erased with the position (retention/prune.ts): the
 * key still answers its first reply to any replay, but nothing of the body is left.
 */
export const ERASED_BODY_HASH = '';

/** Whether a replay's body may be given the stored reply. */
function sameBody(stored: string, replayed: string): boolean {
  return stored === ERASED_BODY_HASH || stored === replayed;
}

export type Claim<T> = { kind: 'new' } | { kind: 'replay'; reply: T } | { kind: 'mismatch' };

/**
 * What a request is, given the first request stored under its key (committed,
 * so final): new when there is none, else that request's replay or a key
 * reused for another body. Every write path decides with this.
 */
export function claimOf<T>(first: { bodyHash: string; reply: unknown } | undefined, bodyHash: string): Claim<T> {
  if (!first) return { kind: 'new' };
  if (!sameBody(first.bodyHash, bodyHash)) return { kind: 'mismatch' };
  return { kind: 'replay', reply: first.reply as T };
}

/**
 * Claim (user, key) inside the caller's transaction. A concurrent request with
 * the same key waits on the primary key until the first commits, then finds its
 * reply: never two alerts for one press.
 */
export async function claimIdempotencyKey<T>(
  tx: Queryable,
  userId: string,
  key: string,
  bodyHash: string,
  now: Date,
): Promise<Claim<T>> {
  const inserted = await tx
    .insert(alertRequests)
    .values({ userId, idempotencyKey: key, bodyHash, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: alertRequests.idempotencyKey });
  if (inserted.length > 0) return { kind: 'new' };
  const [first] = await tx
    .select()
    .from(alertRequests)
    .where(and(eq(alertRequests.userId, userId), eq(alertRequests.idempotencyKey, key)));
  // Gone since the conflict (the account was deleted meanwhile): not this request's to write.
  if (!first) return { kind: 'mismatch' };
  return claimOf<T>(first, bodyHash);
}

/** Whether (user, key) was already claimed: its request is a replay (or a reuse), never a new one. */
export async function keyAnswered(tx: Queryable, userId: string, key: string): Promise<boolean> {
  const [row] = await tx
    .select({ key: alertRequests.idempotencyKey })
    .from(alertRequests)
    .where(and(eq(alertRequests.userId, userId), eq(alertRequests.idempotencyKey, key)));
  return row !== undefined;
}

export async function storeReply(tx: Queryable, userId: string, key: string, reply: unknown): Promise<void> {
  await tx
    .update(alertRequests)
    .set({ reply })
    .where(and(eq(alertRequests.userId, userId), eq(alertRequests.idempotencyKey, key)));
}
