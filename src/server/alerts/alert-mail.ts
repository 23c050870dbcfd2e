import type { Config } from '#server/config.ts';
import { unsubscribeLinks } from '#server/contacts/opt-outs.ts';
import type { Queryable } from '#server/db/client.ts';
import type { MailContent } from '#server/mail/mail-content.ts';
import { enqueueMails } from '#server/mail/outbox.ts';
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
  // One statement for the links and one for the e-mails, however many contacts.
  const links = await unsubscribeLinks(tx, config, userId, recipients.map((recipient) => recipient.email), now);
  const mails = recipients.map((recipient, i) => ({ kind, to: recipient.email, content: render(recipient, links[i]!) }));
  await enqueueMails(tx, mails, now, userId);
  return recipients.length;
}

export function personOf(user: { firstname: string; lastname: string; phone: string }): AlertPerson {
  return { name: `${user.firstname} ${user.lastname}`, phone: user.phone };
}
