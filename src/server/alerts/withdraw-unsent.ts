import type { Queryable } from '#server/db/client.ts';
import { inTransaction } from '#server/db/statements.ts';
import type { ContactsTold } from '#shared/end-news-texts.ts';
import { pushOutboxKind } from '#server/push/push-kinds.ts';

/** What an end withdrew: the addresses and the phones (subscription ids) that are not to hear of the alert. */
export type Withdrawn = { emails: Set<string>; phones: Set<string> };

const STARTS = ['alert-started', pushOutboxKind('alert-started')];

/**
 * With a real end (never a duress end: those contacts must go on being alerted),
 * in the end's transaction: each recipient (an address, or a phone) of the alert
 * whose start has not left yet hears nothing of it, neither the start, nor what
 * followed it (a position, a reminder), nor the end. A press and an end close
 * together then cost the relay nothing, however many times an account repeats them.
 *
 * Only rows nobody has touched go: pending, never tried (a tried one may have
 * reached the mail server before it timed out), and never claimed by a sender
 * (outbox.claimed_at, committed before the sender hands a message over: a
 * sender killed after the mail server took a start and before it recorded it
 * leaves it claimed, and that contact must hear the end), nor being claimed right
 * now (SKIP LOCKED). A recipient goes only if every row of the alert to it is such a row. The rows
 * stay, 'cancelled' and without their data, as the receipt the delivery state reads.
 */
export async function withdrawUnsent(tx: Queryable, alertId: string, now: Date): Promise<Withdrawn> {
  const rows = await inTransaction(tx)<{ recipient: string; kind: string }>(
    {
      name: 'outbox_withdraw_unsent',
      text: `with ${SILENT}
        update outbox set status = 'cancelled', template_data = null, subject = null, text = null, html = null,
          last_error = null, sent_at = null, next_attempt_at = $3::timestamptz
        where id in (select id from untouched) and recipient in (select recipient from silent)
        returning recipient, kind`,
    },
    [alertId, STARTS, now],
  );
  return withdrawnOf(rows);
}

/**
 * What `withdrawUnsent` would withdraw now, withdrawing nothing: a duress end, whose contacts go
 * on being alerted, answers the person what a real end would have answered in the same outbox
 * (docs/decisions/049). The same rows, taken the same way (a row a sender is claiming right now
 * is skipped by both), so the two PINs read the same.
 */
export async function wouldWithdraw(tx: Queryable, alertId: string): Promise<Withdrawn> {
  const rows = await inTransaction(tx)<{ recipient: string; kind: string }>(
    {
      name: 'outbox_would_withdraw',
      text: `with ${SILENT}
        select recipient, kind from outbox
        where id in (select id from untouched) and recipient in (select recipient from silent)`,
    },
    [alertId, STARTS],
  );
  return withdrawnOf(rows);
}

/**
 * The rows nobody has touched (`untouched`), and the recipients of the alert ($1) whose every
 * row is such a row and who were to get its start ($2: the start kinds), as a real end takes them.
 */
const SILENT = `untouched as materialized (
    select id from outbox where alert_id = $1::uuid and status = 'pending' and attempts = 0 and claimed_at is null
    for update skip locked
  ), silent as (
    select o.recipient from outbox o where o.alert_id = $1::uuid group by o.recipient
    having bool_or(o.kind = any($2::text[])) and bool_and(o.id in (select id from untouched))
  )`;

function withdrawnOf(rows: { recipient: string; kind: string }[]): Withdrawn {
  const withdrawn: Withdrawn = { emails: new Set(), phones: new Set() };
  for (const row of rows) (row.kind.startsWith('push:') ? withdrawn.phones : withdrawn.emails).add(row.recipient);
  return withdrawn;
}

/**
 * How far the alert had gone when it ended (the end's reply, src/shared/end-news-texts.ts), counted
 * in contacts, not in channels: a contact was told when at least one of their channels (their
 * address, a phone of theirs) was to get the start and was not withdrawn, so 'some' never means
 * that a contact got only their phone's notification while another got nothing. A phone whose
 * contact is gone (deleted since) counts as a contact of its own. Undefined when the start was for
 * nobody. Read in the end's transaction, after the withdrawal (or its dry run).
 */
export async function contactsToldOf(
  tx: Queryable,
  alertId: string,
  withdrawn: Withdrawn,
): Promise<ContactsTold | undefined> {
  const rows = await inTransaction(tx)<{ contact: string; recipient: string; kind: string }>(
    {
      name: 'outbox_start_contacts',
      text: `select distinct coalesce(c.email, o.recipient) as contact, o.recipient, o.kind from outbox o
        left join push_subscriptions s on o.kind like 'push:%' and s.id::text = o.recipient
        left join contacts c on c.id = s.contact_id
        where o.alert_id = $1::uuid and o.kind = any($2::text[])`,
    },
    [alertId, STARTS],
  );
  const told = new Map<string, boolean>();
  for (const row of rows) {
    const silent = (row.kind.startsWith('push:') ? withdrawn.phones : withdrawn.emails).has(row.recipient);
    told.set(row.contact, (told.get(row.contact) ?? false) || !silent);
  }
  if (told.size === 0) return undefined;
  const reached = [...told.values()].filter(Boolean).length;
  return reached === told.size ? 'all' : reached === 0 ? 'none' : 'some';
}
