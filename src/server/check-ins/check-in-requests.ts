import { and, eq } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { checkInRequests } from '#server/db/schema.ts';
import { hmac } from '#server/security/hashing.ts';

/** A reply as first given: replayed as is for the same (person, key). */
export type StoredReply = { status: 200 | 404 | 409; message: unknown };

/** Keyed like the alert requests' hashes: the body may hold a position. */
export function checkInBodyHash(secret: string, route: string, input: unknown): string {
  return hmac(secret, `check-in-request:${route}:${JSON.stringify(input)}`);
}

export type Earlier = { kind: 'new' } | { kind: 'replay'; reply: StoredReply } | { kind: 'mismatch' };

/** The first request under this key, read inside the transaction that holds the person's row. */
export async function earlierRequest(tx: Queryable, userId: string, key: string, bodyHash: string): Promise<Earlier> {
  const [first] = await tx
    .select()
    .from(checkInRequests)
    .where(and(eq(checkInRequests.userId, userId), eq(checkInRequests.idempotencyKey, key)));
  if (!first) return { kind: 'new' };
  if (first.bodyHash !== bodyHash || !first.reply) return { kind: 'mismatch' };
  return { kind: 'replay', reply: first.reply as StoredReply };
}

export async function storeCheckInReply(
  tx: Queryable,
  userId: string,
  key: string,
  bodyHash: string,
  reply: StoredReply,
  now: Date,
) {
  await tx.insert(checkInRequests).values({ userId, idempotencyKey: key, bodyHash, reply, createdAt: now });
}
