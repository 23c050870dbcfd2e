import type { Config } from '#server/config.ts';
import { issueCode } from '#server/auth/codes.ts';
import { lockedForSeconds } from '#server/auth/lockout.ts';
import type { Queryable } from '#server/db/client.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { sha256 } from '#server/security/hashing.ts';
import { hitRateLimit } from '#server/security/rate-limit.ts';
import { passkeyCount } from './passkeys.ts';
import { relyingParty } from './relying-party.ts';
import { findStaff } from './staff-members.ts';

/**
 * Send the code that enrols a first passkey, in the caller's transaction, when the address is on
 * the staff, has no passkey yet, and is neither locked out nor over its hourly count of codes.
 * The caller answers the same whatever happened: the reply must not tell who is on the staff.
 */
export async function sendStaffCode(
  tx: Queryable,
  config: Pick<Config, 'secret' | 'publicUrl' | 'firmName' | 'rateLimits'>,
  email: string,
  now: Date,
): Promise<boolean> {
  const member = await findStaff(tx, email);
  if (!member || (await passkeyCount(tx, member.id)) > 0) return false;
  if (await lockedForSeconds(tx, email, now)) return false;
  const verdict = await hitRateLimit(tx, `staff-code:${sha256(email)}`, config.rateLimits.codesPerAddress, now);
  if (!verdict.allowed) return false;
  const code = await issueCode(tx, config.secret, 'staff-enrol', email, now);
  const data = { code, firmName: config.firmName, deskUrl: relyingParty(config).deskUrl };
  await enqueueMail(tx, 'staff-invite', email, data, now);
  return true;
}
