import { eq } from 'drizzle-orm';
import type { Queryable } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { lockedForSeconds } from './lockout.ts';

/**
 * After a burned code, queue the warning in the caller's transaction, to
 * registered addresses only (nobody else has an account to protect). The
 * caller's reply is the same either way, so this reveals nothing.
 */
export async function warnOfBurnedCode(tx: Queryable, email: string, now: Date): Promise<void> {
  const [user] = await tx
    .select({ id: users.id, firstname: users.firstname })
    .from(users)
    .where(eq(users.email, email));
  if (!user) return;
  const seconds = (await lockedForSeconds(tx, email, now)) ?? 0;
  await enqueueMail(
    tx,
    'signin-locked',
    email,
    { firstname: user.firstname.replace(/\s+/g, ' ').trim(), waitMs: seconds * 1000 },
    now,
    user.id,
  );
}
