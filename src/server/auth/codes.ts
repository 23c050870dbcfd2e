import { and, eq } from 'drizzle-orm';
import { CODE_MAX_ATTEMPTS, CODE_TTL_MS } from '#shared/constants.ts';
import type { Queryable } from '#server/db/client.ts';
import { verifications } from '#server/db/schema.ts';
import { hmac, randomCode, sameHash } from '#server/security/hashing.ts';
import { clearLockout, countWrongCode, type CodePurpose } from './lockout.ts';
import type { VerificationType } from './verification-type.ts';

type Row = typeof verifications.$inferSelect;

/** Which count of wrong codes a code's guesses go to (lockout.ts): reset codes never lock sign-in. */
const purposeOf = (row: Row): CodePurpose => (row.type === 'pins-reset' ? 'pins-reset' : 'signin');

/** 'burned': this wrong guess used up the code and started a lockout (lockout.ts). */
export type CodeCheck = 'ok' | 'wrong' | 'burned' | 'missing';

export async function findVerification(
  db: Queryable,
  type: VerificationType,
  target: string,
): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(verifications)
    .where(and(eq(verifications.type, type), eq(verifications.target, target)))
    .for('update');
  return row;
}

/** Replace any earlier code for the target: only the newest one works. Returns the raw code for the e-mail. */
export async function issueCode(
  db: Queryable,
  secret: string,
  type: VerificationType,
  target: string,
  now: Date,
): Promise<string> {
  const code = randomCode();
  const values = {
    codeHash: hmac(secret, `${type}:${target}:${code}`),
    attempts: 0,
    sentAt: now,
    expiresAt: new Date(now.getTime() + CODE_TTL_MS),
  };
  await db
    .insert(verifications)
    .values({ type, target, ...values })
    .onConflictDoUpdate({ target: [verifications.type, verifications.target], set: values });
  return code;
}

/**
 * Check a sign-in code against the live row (locked by `findVerification` in the
 * same transaction). A wrong guess counts against the address (lockout.ts), not
 * only against this code, so a resend does not start the count again; every
 * fifth burns the live code. A right code resets the count but is not consumed
 * here: the caller deletes it only once it has been used (verify of an unknown
 * user keeps it for signup).
 */
export async function checkCode(
  db: Queryable,
  secret: string,
  row: Row | undefined,
  code: string,
  now: Date,
): Promise<CodeCheck> {
  if (!row || row.expiresAt <= now || row.attempts >= CODE_MAX_ATTEMPTS) return 'missing';
  if (sameHash(row.codeHash, hmac(secret, `${row.type}:${row.target}:${code}`))) {
    await clearLockout(db, row.target, purposeOf(row));
    return 'ok';
  }
  const wrong = await countWrongCode(db, row.target, now, purposeOf(row));
  if (wrong.burned) {
    await db.delete(verifications).where(eq(verifications.id, row.id));
    return 'burned';
  }
  await db
    .update(verifications)
    .set({ attempts: row.attempts + 1 })
    .where(eq(verifications.id, row.id));
  return 'wrong';
}

export async function consumeCode(db: Queryable, row: Row): Promise<void> {
  await db.delete(verifications).where(eq(verifications.id, row.id));
}
