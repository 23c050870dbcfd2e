import type { Config } from '#server/config.ts';
import type { Queryable } from '#server/db/client.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { signInCodeMail } from '#server/mail/templates/sign-in-code.ts';
import { sha256 } from '#server/security/hashing.ts';
import { hitRateLimit } from '#server/security/rate-limit.ts';
import { issueCode } from './codes.ts';

export type SendCodeOutcome = { sent: true } | { sent: false; retryAfterSeconds: number };

/**
 * Issue a sign-in code and queue its e-mail, in the caller's transaction. The
 * per-address limit counts codes actually issued; its key is a hash, so the
 * rate-limit table never holds addresses.
 */
export async function sendSignInCode(tx: Queryable, config: Config, email: string, now: Date): Promise<SendCodeOutcome> {
  const verdict = await hitRateLimit(tx, `code:${sha256(email)}`, config.rateLimits.codesPerAddress, now);
  if (!verdict.allowed) return { sent: false, retryAfterSeconds: verdict.retryAfterSeconds };
  const code = await issueCode(tx, config.secret, 'signin', email, now);
  await enqueueMail(tx, 'signin-code', email, signInCodeMail(code), now);
  return { sent: true };
}
