import { sql } from 'drizzle-orm';
import type { PushKind } from '#shared/push-payload.ts';
import { afterCommit, type Queryable } from '#server/db/client.ts';
import { priorityOf } from '#server/messages/stored-data.ts';
import { notifyOutboxWorkers, OUTBOX_CHANNEL } from '#server/mail/outbox.ts';
import { pushOutboxKind } from './push-kinds.ts';

/**
 * One outbox row per phone of each contact who gets the alert's e-mails
 * (accepted, not opted out), in the caller's transaction, beside the e-mails
 * and never instead of them. The row names the subscription; what it says is
 * made when it is sent (push-sender.ts), from the alert's id.
 */
export async function queueAlertPushes(
  tx: Queryable,
  userId: string,
  alertId: string,
  kind: PushKind,
  now: Date,
  /** Phones that are not to hear of it: their start was withdrawn with the end (withdraw-unsent.ts). */
  except: readonly string[] = [],
  /** What the notification says of its cause (messages/kinds.ts pushData): a duress 'Estoy bien' on a check-in. */
  trigger?: 'forced-check-in',
): Promise<number> {
  const at = now.toISOString();
  const { rowCount } = await tx.execute(sql`
    insert into outbox (kind, priority, user_id, recipient, template_data, alert_id, next_attempt_at, created_at)
    select ${pushOutboxKind(kind)}, ${priorityOf(pushOutboxKind(kind))}, c.user_id, s.id::text, ${JSON.stringify({ alertId, ...(trigger ? { trigger } : {}) })}, ${alertId}::uuid, ${at}::timestamptz, ${at}::timestamptz
    from push_subscriptions s
    join contacts c on c.id = s.contact_id
    left join opt_outs o on o.user_id = c.user_id and o.email = c.email
    where c.user_id = ${userId} and c.email_verified_at is not null and o.unsubscribed_at is null
      and s.id::text <> all(${`{${except.join(',')}}`}::text[])`);
  if ((rowCount ?? 0) > 0 && !afterCommit(tx, notifyOutboxWorkers))
    await tx.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
  return rowCount ?? 0;
}
