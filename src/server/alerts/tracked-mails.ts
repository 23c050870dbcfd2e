import { and, eq, isNotNull } from 'drizzle-orm';
import { ACK_LINK_TTL_MS } from '#shared/api/deliveries.ts';
import type { DeliveryLineInput } from '#shared/delivery-texts.ts';
import { ackToken } from '#server/message-content/ack-links.ts';
import { bestEffort } from '#server/db/best-effort.ts';
import { deliveryRows, toDeliveryLine } from './delivery-rows.ts';
import { DEFAULT_LANGUAGE } from '#shared/language.ts';
import type { Config } from '#server/config.ts';
import { unsubscribeLinks } from '#server/message-content/opt-outs.ts';
import type { Queryable } from '#server/db/client.ts';
import { alertDeliveries, optOuts } from '#server/db/schema.ts';
import type { Log } from '#server/log.ts';
import { enqueueMails, type QueuedMail } from '#server/mail/outbox.ts';
import type { MessageInput } from '#server/messages/kinds.ts';
import { sha256 } from '#server/security/hashing.ts';
import type { AlertEndedInput } from '#server/message-content/alert-mail-data.ts';
import type { PracticeInput } from '#server/message-content/practice-mail-data.ts';
import { alertRecipients, recipientLanguages, type Recipient } from './recipients.ts';

export type TrackDeps = {
  tx: Queryable;
  config: Pick<Config, 'secret' | 'publicUrl'>;
  log?: Log;
  userId: string;
  now: Date;
};

/** The e-mails that follow an alert's start while it is on. */
type FollowUpKind = 'alert-position' | 'alert-check-in-missed' | 'alert-duress';

/**
 * A practice's e-mail to every confirmed contact, each with its own 'Lo tengo'
 * link, in the caller's transaction; then one row per e-mail recording which
 * outbox row carries it. That record is best effort: should it fail, the
 * e-mails still go and the practice is still answered (the links then lead to
 * the invalid-link page). Returns how many e-mails were queued. (An alert's
 * first e-mails are written with the alert: start-rows.ts.)
 *
 * `withheld`: the same rows for the person's list, but no e-mail at all, each
 * record shown as sent now (a practice after a duress end: contacts told of a
 * possible coercion must never then read PRUEBA, and the person must not see
 * the difference).
 */
export async function queuePracticeMails(
  { tx, config, log, userId, now }: TrackDeps,
  practiceId: string,
  data: (recipient: Recipient) => PracticeInput,
  { withheld = false }: { withheld?: boolean } = {},
): Promise<number> {
  const kind = 'practice' as const;
  const recipients = await alertRecipients(tx, userId);
  // One statement for the unsubscribe links and one for the e-mails, however many contacts.
  await unsubscribeLinks(
    tx,
    config,
    userId,
    recipients.map((recipient) => recipient.email),
    now,
  );
  const tokens = recipients.map((recipient) => ackToken(config.secret, practiceId, recipient.email));
  // The links are derived again when the e-mails are rendered (practice-mail-data.ts); this records them.
  const mails = recipients.map((recipient) => ({ kind, to: recipient.email, data: data(recipient) }));
  const outboxIds = withheld ? [] : await enqueueMails(tx, mails, now, userId);
  const rows: (typeof alertDeliveries.$inferInsert)[] = recipients.map((recipient, i) => {
    const token = tokens[i]!;
    const outboxId = outboxIds[i] ?? null;
    return {
      userId,
      practiceId,
      contactEmail: recipient.email,
      contactFirstname: recipient.firstname,
      contactLastname: recipient.lastname,
      tokenHash: sha256(token),
      outboxId,
      shownSentAt: withheld ? now : null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + ACK_LINK_TTL_MS),
    };
  });
  if (rows.length > 0) {
    await bestEffort(
      tx,
      log,
      `entregas de ${kind}`,
      (savepoint) => savepoint.insert(alertDeliveries).values(rows).onConflictDoNothing(),
      undefined,
    );
  }
  return recipients.length;
}

/**
 * A later e-mail of an alert that is on (its first position), to the confirmed
 * contacts as before, with the 'Lo tengo' link of each contact who got the
 * alert (`ack`; a contact confirmed since has no link to press). Stored as the
 * data its template renders when it is sent (alert-mail-data.ts).
 */
export async function queueFollowUpMails<K extends FollowUpKind>(
  { tx, config, log, userId, now }: TrackDeps,
  alertId: string,
  kind: K,
  data: (recipient: Recipient, ack: boolean) => MessageInput<K>,
  /** Only to the contacts who got the alert (all confirmed contacts when no record of that could be read). */
  { receivedOnly = false }: { receivedOnly?: boolean } = {},
): Promise<number> {
  const tracked = await bestEffort(
    tx,
    log,
    `entregas de ${kind}`,
    (savepoint) =>
      savepoint
        .select({ email: alertDeliveries.contactEmail })
        .from(alertDeliveries)
        .where(eq(alertDeliveries.alertId, alertId)),
    [],
  );
  const got = new Set(tracked.map((row) => row.email));
  const confirmed = await alertRecipients(tx, userId);
  const recipients =
    receivedOnly && got.size > 0 ? confirmed.filter((recipient) => got.has(recipient.email)) : confirmed;
  // The links are derived again when the e-mails are rendered; this records them.
  await unsubscribeLinks(
    tx,
    config,
    userId,
    recipients.map((recipient) => recipient.email),
    now,
  );
  const mails = recipients.map(
    (recipient) => ({ kind, to: recipient.email, data: data(recipient, got.has(recipient.email)) }) as QueuedMail,
  );
  await enqueueMails(tx, mails, now, userId);
  return recipients.length;
}

/**
 * The 'ended' e-mail goes to everyone who got the alert (its delivery records,
 * minus addresses that opted out since, minus `withdrawn`: those whose start
 * never left), with what became of each e-mail, so the family knows who is
 * acting. When the alert has no record (none could be written), it goes to the
 * confirmed contacts, as before delivery records existed.
 */
export async function queueEndedAlertMails(
  { tx, config, log, userId, now }: TrackDeps,
  alertId: string,
  withdrawn: ReadonlySet<string>,
  data: (recipient: Recipient, deliveries: AlertEndedInput['deliveries']) => AlertEndedInput,
): Promise<number> {
  const audience = await bestEffort(
    tx,
    log,
    'entregas al finalizar',
    (savepoint) => endAudience(savepoint, userId, alertId),
    null,
  );
  const recorded = audience && audience.lines.length > 0 ? audience : undefined;
  const recipients = (recorded ? recorded.recipients : await alertRecipients(tx, userId)).filter(
    (recipient) => !withdrawn.has(recipient.email),
  );
  await unsubscribeLinks(
    tx,
    config,
    userId,
    recipients.map((recipient) => recipient.email),
    now,
  );
  const lines = recorded?.lines.map(({ name, state, sentAt, acknowledgedAt }) => ({
    name,
    state,
    sentAt: sentAt?.toISOString() ?? null,
    acknowledgedAt: acknowledgedAt?.toISOString() ?? null,
  }));
  const mails = recipients.map((recipient) => ({
    kind: 'alert-ended' as const,
    to: recipient.email,
    data: data(recipient, lines),
  }));
  await enqueueMails(tx, mails, now, userId);
  return recipients.length;
}

async function endAudience(
  db: Queryable,
  userId: string,
  alertId: string,
): Promise<{ recipients: Recipient[]; lines: DeliveryLineInput[] }> {
  const rows = await deliveryRows(db, eq(alertDeliveries.alertId, alertId));
  const optedOut = await db
    .select({ email: optOuts.email })
    .from(optOuts)
    .where(and(eq(optOuts.userId, userId), isNotNull(optOuts.unsubscribedAt)));
  const gone = new Set(optedOut.map((row) => row.email));
  const kept = rows.filter((row) => !gone.has(row.email));
  const languages = await recipientLanguages(
    db,
    userId,
    kept.map((row) => row.email),
  );
  return {
    recipients: kept.map((row) => ({
      email: row.email,
      firstname: row.firstname,
      lastname: row.lastname,
      language: languages.get(row.email) ?? DEFAULT_LANGUAGE,
    })),
    lines: rows.map(toDeliveryLine),
  };
}
