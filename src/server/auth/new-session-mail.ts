import type { Queryable } from '#server/db/client.ts';
import { enqueueMail } from '#server/mail/outbox.ts';

/** Queue the notice in the transaction that opened the session, so it exists if and only if the session does. */
export async function warnOfNewSession(
  tx: Queryable,
  user: { id: string; email: string; firstname: string },
  device: string,
  now: Date,
): Promise<void> {
  await enqueueMail(
    tx,
    'new-session',
    user.email,
    { firstname: user.firstname.replace(/\s+/g, ' ').trim(), device, at: now.toISOString() },
    now,
    user.id,
  );
}
