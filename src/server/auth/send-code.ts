import type { Config } from '#server/config.ts';
import type { Queryable } from '#server/db/client.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { sha256 } from '#server/security/hashing.ts';
import { hitRateLimit } from '#server/security/rate-limit.ts';
import { findVerification, issueCode } from './codes.ts';
import { lockedForSeconds } from './lockout.ts';

/** `locked`: the address is waiting out a lockout after burned codes (lockout.ts), not merely over its hourly count. */
export type SendCodeOutcome = { sent: true } | { sent: false; retryAfterSeconds: number; locked: boolean };

/** The rate-limit key of an address's codes: a hash, so the table never holds addresses. */
export const codeLimitKey = (email: string) => `code:${sha256(email)}`;

/**
 * Issue a sign-in code and queue its e-mail, in the caller's transaction, unless
 * the address is locked out or over its hourly count. The per-address limit
 * counts codes actually issued; its key is a hash, so the rate-limit table never
 * holds addresses. Registered or not, an address gets the same answers.
 */
export async function sendSignInCode(
  tx: Queryable,
  config: Config,
  email: string,
  now: Date,
): Promise<SendCodeOutcome> {
  // The code row's lock, as /verify takes it before counting a wrong guess: a request
  // arriving while the fifth wrong guess is being written waits for its commit and
  // then reads the lockout, instead of reading the old state and issuing a code.
  await findVerification(tx, 'signin', email);
  // Checked first, so that asking during a lockout does not use up the hourly count too.
  const lockedFor = await lockedForSeconds(tx, email, now);
  if (lockedFor) return { sent: false, retryAfterSeconds: lockedFor, locked: true };
  const verdict = await hitRateLimit(tx, codeLimitKey(email), config.rateLimits.codesPerAddress, now);
  if (!verdict.allowed) return { sent: false, retryAfterSeconds: verdict.retryAfterSeconds, locked: false };
  const code = await issueCode(tx, config.secret, 'signin', email, now);
  await enqueueMail(tx, 'signin-code', email, { code }, now);
  return { sent: true };
}
