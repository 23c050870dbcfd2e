import type { Config } from '#server/config.ts';
import { unsubscribeLink } from '#server/contacts/opt-outs.ts';
import type { Queryable } from '#server/db/client.ts';
import type { MailContent } from '#server/mail/mail-content.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import type { AlertPerson } from '#server/mail/templates/alert-mails.ts';
import { alertRecipients, type Recipient } from './recipients.ts';

export type AlertMailKind = 'alert-started' | 'alert-position' | 'alert-ended';

/**
 * One outbox row per confirmed contact, in the caller's transaction: the e-mails
 * exist exactly when the alert change commits. Returns how many were queued.
 */
export async function queueAlertMails(
  tx: Queryable,
  config: Pick<Config, 'secret' | 'publicUrl'>,
  userId: string,
  kind: AlertMailKind,
  now: Date,
  render: (recipient: Recipient, unsubscribeUrl: string) => MailContent,
): Promise<number> {
  const recipients = await alertRecipients(tx, userId);
  for (const recipient of recipients) {
    const unsubscribeUrl = await unsubscribeLink(tx, config, userId, recipient.email, now);
    await enqueueMail(tx, kind, recipient.email, render(recipient, unsubscribeUrl), now, userId);
  }
  return recipients.length;
}

export function personOf(user: { firstname: string; lastname: string; phone: string }): AlertPerson {
  return { name: `${user.firstname} ${user.lastname}`, phone: user.phone };
}
