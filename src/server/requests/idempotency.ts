import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Queryable } from '#server/db/client.ts';
import { idempotencyKeys, type RequestKind } from '#server/db/schema.ts';
import { hmac } from '#server/security/hashing.ts';

// The one place that records and checks a request's Idempotency-Key, for every route whose
// requests the phone's queue may send again (the SOS button's, the check-in's): a key is seen
// once per account and kind, and its first reply answers every replay (docs/decisions/061).

export type { RequestKind };

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{8,100}$/;

/** The request's Idempotency-Key, or undefined when it has none that the phone would make. */
export function idempotencyKeyOf(c: Context): string | undefined {
  const key = c.req.header('idempotency-key')?.trim() ?? '';
  return IDEMPOTENCY_KEY.test(key) ? key : undefined;
}

/**
 * The body of a request may hold a position, so its hash is keyed with SECRET: a plain
 * SHA-256 of a few coordinates can be searched through from a stolen table. `scope` says
 * which request it was ('alert-request', 'check-in-request:start'): the same body sent to
 * another route is another request.
 */
export function requestBodyHash(secret: string, scope: string, input: unknown): string {
  return hmac(secret, `${scope}:${JSON.stringify(input)}`);
}

/**
 * What `body_hash` holds once it was erased with the position (retention/prune.ts): the
 * key still answers its first reply to any replay, but nothing of the body is left.
 */
export const ERASED_BODY_HASH = '';

export type Claim<T> = { kind: 'new' } | { kind: 'replay'; reply: T } | { kind: 'mismatch' };

/**
 * What a request is, given the first request stored under its key (committed,
 * so final): new when there is none, else that request's replay or a key
 * reused for another body. Every write path decides with this.
 */
export function claimOf<T>(first: { bodyHash: string; reply: unknown } | undefined, bodyHash: string): Claim<T> {
  if (!first) return { kind: 'new' };
  if (first.bodyHash !== ERASED_BODY_HASH && first.bodyHash !== bodyHash) return { kind: 'mismatch' };
  return { kind: 'replay', reply: first.reply as T };
}

const keyIs = (kind: RequestKind, userId: string, key: string) =>
  and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.kind, kind), eq(idempotencyKeys.idempotencyKey, key));

/** The first request under (user, kind, key), read inside the caller's transaction. */
export async function earlierRequest<T>(
  tx: Queryable,
  kind: RequestKind,
  userId: string,
  key: string,
  bodyHash: string,
): Promise<Claim<T>> {
  const [first] = await tx
    .select()
    .from(idempotencyKeys)
    .where(keyIs(kind, userId, key));
  return claimOf<T>(first, bodyHash);
}

/** Whether (user, kind, key) was already claimed: its request is a replay (or a reuse), never a new one. */
export async function keyAnswered(tx: Queryable, kind: RequestKind, userId: string, key: string): Promise<boolean> {
  const [row] = await tx
    .select({ key: idempotencyKeys.idempotencyKey })
    .from(idempotencyKeys)
    .where(keyIs(kind, userId, key));
  return row !== undefined;
}

/**
 * Claim (user, kind, key) inside the caller's transaction, its reply to follow
 * (recordReply). A concurrent request with the same key waits on the primary key
 * until the first commits, then finds its reply: never two alerts for one press.
 */
export async function claimRequestKey<T>(
  tx: Queryable,
  kind: RequestKind,
  userId: string,
  key: string,
  bodyHash: string,
  now: Date,
): Promise<Claim<T>> {
  const inserted = await tx
    .insert(idempotencyKeys)
    .values({ userId, kind, idempotencyKey: key, bodyHash, createdAt: now })
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.idempotencyKey });
  if (inserted.length > 0) return { kind: 'new' };
  const [first] = await tx
    .select()
    .from(idempotencyKeys)
    .where(keyIs(kind, userId, key));
  // Gone since the conflict (the account was deleted meanwhile): not this request's to write.
  if (!first) return { kind: 'mismatch' };
  return claimOf<T>(first, bodyHash);
}

/** The reply of a request claimed by claimRequestKey, for its replays. */
export async function recordReply(
  tx: Queryable,
  kind: RequestKind,
  userId: string,
  key: string,
  reply: unknown,
): Promise<void> {
  await tx
    .update(idempotencyKeys)
    .set({ reply })
    .where(keyIs(kind, userId, key));
}

/**
 * A request and its reply at once, for a path that decides before it claims (a refusal
 * is not a key's answer: the same key may come back with what was missing). The caller
 * holds the person's row, so no other request of theirs writes the key meanwhile.
 */
export async function recordRequest(
  tx: Queryable,
  kind: RequestKind,
  request: { userId: string; key: string; bodyHash: string; reply: unknown; now: Date },
): Promise<void> {
  const { userId, key, bodyHash, reply, now } = request;
  await tx.insert(idempotencyKeys).values({ userId, kind, idempotencyKey: key, bodyHash, reply, createdAt: now });
}
