import type { Queryable } from '#server/db/client.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { lastReportedZone } from './last-reported-zone.ts';

/** Queue the notice in the transaction that opened the session, so it exists if and only if the session does. */
export async function warnOfNewSession(
  tx: Queryable,
  user: { id: string; email: string; firstname: string },
  device: string,
  now: Date,
): Promise<void> {
  // A new account has none yet: the e-mail then says the time is UTC.
  const timezone = await lastReportedZone(tx, user.id);
  await enqueueMail(
    tx,
    'new-session',
    user.email,
    {
      firstname: user.firstname.replace(/\s+/g, ' ').trim(),
      device,
      at: now.toISOString(),
      ...(timezone ? { timezone } : {}),
    },
    now,
    user.id,
  );
}
