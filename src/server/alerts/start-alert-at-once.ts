import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { ActiveButtonInput, ActiveButtonReply } from '#shared/api/active-button.ts';
import { ACK_LINK_TTL_MS } from '#shared/api/deliveries.ts';
import { ackToken, ackUrl } from '#server/acknowledgements/ack-links.ts';
import type { Config } from '#server/config.ts';
import { unsubscribeToken, unsubscribeUrl } from '#server/contacts/opt-outs.ts';
import type { Db } from '#server/db/client.ts';
import { isDatabaseUnavailable } from '#server/http/database-unavailable.ts';
import { notifyOutboxWorkers } from '#server/mail/outbox.ts';
import { alertStartedMail } from '#server/mail/templates/alert-mails.ts';
import { sha256 } from '#server/security/hashing.ts';
import { personOf } from './alert-mail.ts';
import { readAlertContext } from './alert-context.ts';
import { momentOf, positionOf, pressedAt } from './press-moment.ts';

/** A request of PUT /api/active-button, validated, with what it needs to start an alert. */
export type Press = {
  deps: { db: Db; config: Pick<Config, 'secret' | 'publicUrl'> };
  userId: string;
  key: string;
  bodyHash: string;
  input: ActiveButtonInput;
  now: Date;
};

export type AtOnce = { kind: 'answered'; reply: ActiveButtonReply } | { kind: 'mismatch' };

/**
 * Everything the transaction of alert-actions.ts writes when an SOS starts an
 * alert (the claimed Idempotency-Key with its reply, the alert, the person's
 * flag, the unsubscribe links, one outbox row and one delivery record per
 * confirmed contact), as one statement: atomic on its own, one round trip
 * instead of fifteen. The person's row is locked first, as lockUserForAlert
 * does, so it takes turns with the transaction path in the same order.
 * Writes nothing when the key is taken (claim is empty, and all else hangs on
 * it); fails whole when another alert became active since the context was
 * read (alerts_one_active_per_user).
 */
const START_ALERT = {
  name: 'start_alert_at_once',
  text: `
    with locked as (
      select id from users where id = $1 for no key update
    ), claim as (
      insert into alert_requests (user_id, idempotency_key, body_hash, reply, created_at)
      select id, $2, $3, $4, $5 from locked
      on conflict do nothing
      returning user_id
    ), alert as (
      insert into alerts (id, user_id, timezone, latitude, longitude, pressed_at, started_at)
      select $6, user_id, $7, $8, $9, $10, $5 from claim
      returning id, user_id
    ), flag as (
      update users set alert_status = true, updated_at = $5 from alert where users.id = alert.user_id
    ), mail as (
      select * from json_to_recordset($11)
        as m(email text, firstname text, lastname text, subject text, text text, html text, unsubscribe_hash text, ack_hash text)
    ), links as (
      insert into opt_outs (user_id, email, token_hash, created_at)
      select alert.user_id, mail.email, mail.unsubscribe_hash, $5 from alert, mail where mail.unsubscribe_hash is not null
      on conflict (user_id, email) do update set token_hash = excluded.token_hash
      where opt_outs.token_hash <> excluded.token_hash
    ), queued as (
      insert into outbox (kind, user_id, recipient, subject, text, html, next_attempt_at, created_at)
      select 'alert-started', alert.user_id, mail.email, mail.subject, mail.text, mail.html, $5, $5 from alert, mail
      returning id, recipient
    ), tracked as (
      insert into alert_deliveries
        (user_id, alert_id, contact_email, contact_firstname, contact_lastname, token_hash, outbox_id, created_at, expires_at)
      select alert.user_id, alert.id, mail.email, mail.firstname, mail.lastname, mail.ack_hash, queued.id, $5, $12
      from alert, mail join queued on queued.recipient = mail.email
      on conflict do nothing
    )
    select count(*)::int as claimed from claim`,
};

/**
 * Start an alert in one statement when the common case holds: a '1' from a
 * person with no active alert, under a key not seen before. Undefined when it
 * does not (an alert is on, the key's first request is still in flight, a
 * race): the caller then runs the transaction of alert-actions.ts, which
 * handles every case. The e-mails are rendered before the statement, from a
 * context read just before it; a contact confirmed in between gets the next
 * e-mail, as if the press had come a moment earlier.
 */
export async function startAlertAtOnce(press: Press): Promise<AtOnce | undefined> {
  // One client for the read and the write: checked out twice, every press would queue behind
  // all the others twice over when the pool is busy, and under a burst none would finish early.
  const client = await press.deps.db.$client.connect();
  let broken: Error | undefined;
  try {
    return await startOn(client, press);
  } catch (error) {
    // A connection that is gone: never lend that client out again, and let the caller answer 503.
    if (isDatabaseUnavailable(error) || typeof (error as { code?: unknown }).code !== 'string') {
      broken = error instanceof Error ? error : new Error('alert start failed');
      throw error;
    }
    // A statement PostgreSQL refused (another alert went active meanwhile, alerts_one_active_per_user;
    // a write the transaction path treats as best effort): nothing was written, and that path handles every case.
    return undefined;
  } finally {
    client.release(broken);
  }
}

async function startOn(client: pg.PoolClient, { deps, userId, key, bodyHash, input, now }: Press): Promise<AtOnce | undefined> {
  const { db, config } = deps;
  const context = await readAlertContext(client, userId, key);
  if (!context) return undefined;
  if (context.earlier) {
    if (context.earlier.bodyHash !== bodyHash) return { kind: 'mismatch' };
    return context.earlier.reply ? { kind: 'answered', reply: context.earlier.reply as ActiveButtonReply } : undefined;
  }
  if (context.hasActiveAlert) return undefined;

  const alertId = randomUUID();
  const reply: ActiveButtonReply = { alert_status: true, alert_id: alertId };
  const at = pressedAt(input, now);
  const timezone = input.timezone || 'UTC';
  const person = personOf(context.person);
  const moment = momentOf(at, timezone, now);
  const position = positionOf(input);
  const mails = context.recipients.map((recipient) => {
    const unsubscribe = unsubscribeToken(config.secret, userId, recipient.email);
    const ack = ackToken(config.secret, alertId, recipient.email);
    const content = alertStartedMail({
      person,
      contactFirstname: recipient.firstname,
      moment,
      position,
      unsubscribeUrl: unsubscribeUrl(config, unsubscribe),
      ackUrl: ackUrl(config, ack),
    });
    const unsubscribeHash = sha256(unsubscribe);
    return {
      email: recipient.email,
      firstname: recipient.firstname,
      lastname: recipient.lastname,
      ...content,
      // Recorded only when new or when SECRET changed: usually the invitation recorded it.
      unsubscribe_hash: unsubscribeHash === recipient.unsubscribeHash ? null : unsubscribeHash,
      ack_hash: sha256(ack),
    };
  });
  const values = [
    userId,
    key,
    bodyHash,
    JSON.stringify(reply),
    now,
    alertId,
    timezone,
    input.latitude,
    input.longitude,
    at,
    JSON.stringify(mails),
    new Date(now.getTime() + ACK_LINK_TTL_MS),
  ];
  const { rows } = await client.query<{ claimed: number }>({ ...START_ALERT, values });
  const claimed = rows[0]?.claimed ?? 0;
  // The key was taken meanwhile (the same press, sent twice at once): its answer is the transaction path's to give.
  if (claimed === 0) return undefined;
  // After the commit, as for every outbox row (docs/decisions/009).
  if (mails.length > 0) notifyOutboxWorkers(db);
  return { kind: 'answered', reply };
}
