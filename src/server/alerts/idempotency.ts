import { and, eq } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { alertRequests } from '#server/db/schema.ts';

export type Claim<T> = { kind: 'new' } | { kind: 'replay'; reply: T } | { kind: 'mismatch' };

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
  if (!first || first.bodyHash !== bodyHash) return { kind: 'mismatch' };
  return { kind: 'replay', reply: first.reply as T };
}

export async function storeReply(tx: Queryable, userId: string, key: string, reply: unknown): Promise<void> {
  await tx
    .update(alertRequests)
    .set({ reply })
    .where(and(eq(alertRequests.userId, userId), eq(alertRequests.idempotencyKey, key)));
}
