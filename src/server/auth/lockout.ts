import { and, eq, sql } from 'drizzle-orm';
import {
  CODE_MAX_ATTEMPTS,
  SIGNIN_LOCKOUT_BASE_MS,
  SIGNIN_LOCKOUT_GROWTH,
  SIGNIN_LOCKOUT_MAX_MS,
} from '#shared/constants.ts';
import type { Queryable } from '#server/db/client.ts';
import { verifications } from '#server/db/schema.ts';
import { sha256 } from '#server/security/hashing.ts';
import type { VerificationType } from './verification-type.ts';

/**
 * Wrong sign-in codes, counted per address across codes: asking for a new code
 * does not wipe the count, so four guesses per code and a resend cannot walk
 * through the 10,000 codes. Every CODE_MAX_ATTEMPTS wrong guesses burn the live
 * code, and the address then gets no new code for SIGNIN_LOCKOUT_BASE_MS, eight
 * times that after the next burn, and so on up to SIGNIN_LOCKOUT_MAX_MS
 * (docs/security.md has the arithmetic).
 * Only a right code resets the count. Sessions are untouched: a signed-in
 * phone keeps its SOS whatever happens here.
 *
 * One verifications row per address with type 'signin-lockout': `attempts` is
 * the count of wrong guesses, `sent_at` the last one, `expires_at` the end of
 * the lockout. The target is a hash, so the row never holds the address.
 */
export const LOCKOUT_TYPE: VerificationType = 'signin-lockout';

/**
 * Sign-in codes and PIN-reset codes count apart: wrong reset codes typed on a
 * signed-in (maybe seized) phone must never lock the owner's sign-in elsewhere.
 */
export type CodePurpose = 'signin' | 'pins-reset';

export const lockoutTarget = (email: string, purpose: CodePurpose = 'signin') =>
  purpose === 'signin' ? sha256(email) : sha256(`${purpose}:${email}`);

/** Seconds until the address may get a new code, or undefined when it may now. */
export async function lockedForSeconds(
  db: Queryable,
  email: string,
  now: Date,
  purpose: CodePurpose = 'signin',
): Promise<number | undefined> {
  const [row] = await db
    .select({ until: verifications.expiresAt })
    .from(verifications)
    .where(and(eq(verifications.type, LOCKOUT_TYPE), eq(verifications.target, lockoutTarget(email, purpose))));
  if (!row || row.until <= now) return undefined;
  return Math.max(1, Math.ceil((row.until.getTime() - now.getTime()) / 1000));
}

export type WrongCode = { burned: false } | { burned: true; lockedUntil: Date };

/** The wait after the n-th burned code (n from 1). */
export function lockoutMs(burns: number): number {
  // The exponent is bounded so that a very long count cannot overflow to Infinity.
  return Math.min(SIGNIN_LOCKOUT_BASE_MS * SIGNIN_LOCKOUT_GROWTH ** Math.min(burns - 1, 16), SIGNIN_LOCKOUT_MAX_MS);
}

/** Count one wrong guess; on every CODE_MAX_ATTEMPTS-th, start the next, longer, lockout. */
export async function countWrongCode(
  db: Queryable,
  email: string,
  now: Date,
  purpose: CodePurpose = 'signin',
): Promise<WrongCode> {
  const [row] = await db
    .insert(verifications)
    .values({
      type: LOCKOUT_TYPE,
      target: lockoutTarget(email, purpose),
      codeHash: '',
      attempts: 1,
      sentAt: now,
      expiresAt: now,
    })
    .onConflictDoUpdate({
      target: [verifications.type, verifications.target],
      set: { attempts: sql`${verifications.attempts} + 1`, sentAt: now },
    })
    .returning({ id: verifications.id, attempts: verifications.attempts });
  if (!row || row.attempts % CODE_MAX_ATTEMPTS !== 0) return { burned: false };
  const burns = row.attempts / CODE_MAX_ATTEMPTS;
  const lockedUntil = new Date(now.getTime() + lockoutMs(burns));
  await db.update(verifications).set({ expiresAt: lockedUntil }).where(eq(verifications.id, row.id));
  return { burned: true, lockedUntil };
}

/** A right code proves the mailbox: the count starts again. */
export async function clearLockout(db: Queryable, email: string, purpose: CodePurpose = 'signin'): Promise<void> {
  await db
    .delete(verifications)
    .where(and(eq(verifications.type, LOCKOUT_TYPE), eq(verifications.target, lockoutTarget(email, purpose))));
}
