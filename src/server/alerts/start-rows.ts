import { randomUUID } from 'node:crypto';
import type { ActiveButtonReply } from '#shared/api/active-button.ts';
import type { AlertEventKind } from '#shared/alert-event-kinds.ts';
import { ACK_LINK_TTL_MS } from '#shared/api/deliveries.ts';
import { ackToken } from '#server/message-content/ack-links.ts';
import type { Config } from '#server/config.ts';
import { unsubscribeToken } from '#server/message-content/opt-outs.ts';
import type { RunStatement } from '#server/db/statements.ts';
import type { Press } from '#server/deps.ts';
import { pushOutboxKind } from '#server/push/push-kinds.ts';
import { sha256 } from '#server/security/hashing.ts';
import type { AlertContext } from './alert-context.ts';
import { priorityOf, storedMessage } from '#server/messages/stored-data.ts';
import { momentData, personOf, type AlertMailInput } from '#server/message-content/alert-mail-data.ts';
import { claimOf, type Claim } from '#server/requests/idempotency.ts';
import { accuracyOf, momentOf, positionOf, pressedAt } from './press-moment.ts';

/** Every row a press that starts an alert writes, as the statement START_ALERTS reads them. */
export type StartRows = ReturnType<typeof startRows>;

/**
 * What a press of '1' is, given its context read after every earlier press of
 * the person: the answer to its key's first request (a replay or a key reused
 * for another body), a start with its rows, or neither (an alert is on: a
 * position, for alert-actions.ts).
 */
export type StartPlan =
  | { kind: 'answer'; claim: Exclude<Claim<ActiveButtonReply>, { kind: 'new' }> }
  | { kind: 'start'; rows: StartRows; reply: ActiveButtonReply }
  | { kind: 'not-a-start' };

/** The one decision both ways of writing a start share (start-alert-at-once.ts for many, alert-actions.ts for one). */
export function planStart(config: Pick<Config, 'secret'>, press: Press, context: AlertContext): StartPlan {
  const claim = claimOf<ActiveButtonReply>(context.earlier, press.bodyHash);
  if (claim.kind !== 'new') return { kind: 'answer', claim };
  if (context.hasActiveAlert) return { kind: 'not-a-start' };
  const alertId = randomUUID();
  const rows = startRows(config, press, context, alertId);
  return { kind: 'start', rows, reply: rows.reply };
}

/**
 * The rows of one start: the claimed key with its reply, the alert, and for
 * each contact the data its e-mail is rendered from when it is sent
 * (alert-mail-data.ts), with the hashes of the links' tokens (the delivery
 * record's, and the unsubscribe link's when it is not recorded yet).
 */
function startRows(
  config: Pick<Config, 'secret'>,
  { userId, key, bodyHash, input, now, checkIn }: Press,
  context: AlertContext,
  alertId: string,
) {
  const at = pressedAt(input, now);
  const timezone = input.timezone || 'UTC';
  const shared = {
    alertId,
    person: personOf(context.person),
    ...momentData(momentOf(at, timezone, now)),
    position: positionOf(input),
    ...(checkIn
      ? {
          checkIn: {
            purpose: checkIn.purpose,
            place: checkIn.place,
            dueAt: checkIn.dueAt,
            ...(checkIn.forced ? { forced: true } : {}),
            ...(checkIn.afterDuress ? { afterDuress: true } : {}),
          },
        }
      : {}),
  };
  const mails = context.recipients.map((recipient) => {
    // The packet stays sealed in the row; only the contacts the person chose get it.
    const detention = recipient.receivesDetentionInfo && context.detention ? { detention: context.detention } : {};
    const data: AlertMailInput = {
      ...shared,
      contactFirstname: recipient.firstname,
      language: recipient.language,
      ...detention,
    };
    const unsubscribeHash = sha256(unsubscribeToken(config.secret, userId, recipient.email));
    return {
      email: recipient.email,
      firstname: recipient.firstname,
      lastname: recipient.lastname,
      data: storedMessage('alert-started', data).templateData,
      // Recorded only when new or when SECRET changed: usually the invitation recorded it.
      unsubscribe_hash: unsubscribeHash === recipient.unsubscribeHash ? null : unsubscribeHash,
      ack_hash: sha256(ackToken(config.secret, alertId, recipient.email)),
    };
  });
  return {
    user_id: userId,
    key,
    body_hash: bodyHash,
    reply: { alert_status: true, alert_id: alertId } satisfies ActiveButtonReply,
    alert_id: alertId,
    timezone,
    latitude: input.latitude,
    longitude: input.longitude,
    accuracy: accuracyOf(input),
    pressed_at: at.toISOString(),
    received_at: now.toISOString(),
    expires_at: new Date(now.getTime() + ACK_LINK_TTL_MS).toISOString(),
    trigger: checkIn ? 'missed-check-in' : 'press',
    // What the phone notification says (messages/kinds.ts): a check-in the duress PIN closed or
    // extended is told as forced, with no call, as its e-mail tells it.
    push_trigger: checkIn?.forced || checkIn?.afterDuress ? 'forced-check-in' : checkIn ? 'missed-check-in' : 'press',
    check_in_id: checkIn?.id ?? null,
    mails,
  };
}

/**
 * Everything a start writes (the claimed Idempotency-Key with its reply, the
 * alert, the person's flag, the unsubscribe links, one outbox row and one
 * delivery record per confirmed contact, one outbox row per phone of theirs
 * with notifications on; the e-mail's outbox row holds the e-mail's
 * template data, rendered when it is sent), for the starts of several people,
 * as one statement: atomic on its own, one round trip for all of them. The
 * people ($2, also the ids in $1) are found by their primary key whatever the
 * planner guesses of $1's size, and their rows are locked first, in the order
 * of their ids (two batches never wait on each other in a circle), as
 * lockUserForAlert does, so each press takes turns with the transaction path.
 * A press whose key is taken writes nothing (no claim, and all else hangs on
 * it); the whole statement fails when another alert became active since the
 * context was read (alerts_one_active_per_user). Without `tracked`, the same
 * start without its delivery records (for when writing those fails). Without
 * `logged`, the same start without its row in the log: the start is one effect
 * of a larger event, whose one row the caller records (alert-events.ts).
 */
const startAlerts = (tracked: boolean, logged: boolean) => ({
  name: `${tracked ? 'start_alerts_at_once' : 'start_alerts_untracked'}${logged ? '' : '_unlogged'}`,
  text: `
    with press as (
      select * from json_to_recordset($1) as p(user_id uuid, key text, body_hash text, reply jsonb, alert_id uuid,
        timezone text, latitude text, longitude text, accuracy integer, pressed_at timestamptz, received_at timestamptz, expires_at timestamptz,
        trigger text, push_trigger text, check_in_id uuid, mails json)
    ), locked as (
      select id from users where id = any($2::uuid[]) order by id for no key update
    ), claim as (
      insert into idempotency_keys (user_id, kind, idempotency_key, body_hash, reply, created_at)
      select press.user_id, 'alert', press.key, press.body_hash, press.reply, press.received_at from press join locked on locked.id = press.user_id
      on conflict do nothing
      returning user_id
    ), alert as (
      insert into alerts (id, user_id, timezone, latitude, longitude, accuracy, pressed_at, started_at, trigger, check_in_id)
      select press.alert_id, press.user_id, press.timezone, press.latitude, press.longitude, press.accuracy, press.pressed_at,
        press.received_at, press.trigger, press.check_in_id
      from press join claim on claim.user_id = press.user_id
      returning id, user_id
    ), flag as (
      update users set alert_status = true, updated_at = press.received_at from alert join press on press.user_id = alert.user_id
      where users.id = alert.user_id and users.id = any($2::uuid[])
    ), mail as (
      select alert.user_id, alert.id as alert_id, press.received_at, press.expires_at, press.push_trigger, m.*
      from alert join press on press.user_id = alert.user_id,
        json_to_recordset(press.mails)
        as m(email text, firstname text, lastname text, data text, unsubscribe_hash text, ack_hash text)
    ), links as (
      insert into opt_outs (user_id, email, token_hash, created_at)
      select mail.user_id, mail.email, mail.unsubscribe_hash, mail.received_at from mail where mail.unsubscribe_hash is not null
      on conflict (user_id, email) do update set token_hash = excluded.token_hash
      where opt_outs.token_hash <> excluded.token_hash
    ), queued as (
      insert into outbox (kind, priority, user_id, recipient, template_data, alert_id, next_attempt_at, created_at)
      select $3, $4::smallint, mail.user_id, mail.email, mail.data, mail.alert_id, mail.received_at, mail.received_at from mail
      returning id, user_id, recipient
    ), pushes as (
      -- Phone notifications (src/server/push/queue-pushes.ts): one row per phone of each contact mailed above.
      insert into outbox (kind, priority, user_id, recipient, template_data, alert_id, next_attempt_at, created_at)
      select $5, $4::smallint, mail.user_id, s.id::text, json_build_object('alertId', mail.alert_id, 'trigger', mail.push_trigger)::text,
        mail.alert_id, mail.received_at, mail.received_at
      from mail join contacts c on c.user_id = mail.user_id and c.email = mail.email
      join push_subscriptions s on s.contact_id = c.id
    )${
      logged
        ? `, logged as (
      -- The start's row in the log (src/server/alerts/alert-events.ts): the event concerns the new alert.
      insert into alert_events (user_id, alert_ids, check_in_id, actor, kind, at, detail)
      select alert.user_id, array[alert.id], press.check_in_id, case when press.trigger = 'press' then 'person' else 'system' end,
        $6, press.received_at, jsonb_build_object('contacts', json_array_length(press.mails))
      from alert join press on press.user_id = alert.user_id
    )`
        : ''
    }${
      tracked
        ? `, tracked as (
      insert into alert_deliveries
        (user_id, alert_id, contact_email, contact_firstname, contact_lastname, token_hash, outbox_id, created_at, expires_at)
      select mail.user_id, mail.alert_id, mail.email, mail.firstname, mail.lastname, mail.ack_hash, queued.id, mail.received_at, mail.expires_at
      from mail join queued on queued.user_id = mail.user_id and queued.recipient = mail.email
      on conflict do nothing
    )`
        : ''
    }
    select user_id from claim`,
});

const START_ALERTS = {
  tracked: { logged: startAlerts(true, true), unlogged: startAlerts(true, false) },
  untracked: { logged: startAlerts(false, true), unlogged: startAlerts(false, false) },
};

/**
 * Write the starts, at most one per person: the people whose key it claimed
 * (the others wrote nothing). `untracked`: without their delivery records.
 * `unlogged`: without their row in the log, which the caller's event records.
 */
export async function writeStarts(
  run: RunStatement,
  starts: StartRows[],
  { untracked = false, unlogged = false } = {},
): Promise<Set<string>> {
  const values = [
    JSON.stringify(starts),
    starts.map((start) => start.user_id),
    'alert-started',
    priorityOf('alert-started'),
    pushOutboxKind('alert-started'),
    ...(unlogged ? [] : ['alert-started' satisfies AlertEventKind]),
  ];
  const statement = START_ALERTS[untracked ? 'untracked' : 'tracked'][unlogged ? 'unlogged' : 'logged'];
  const claims = await run<{ user_id: string }>(statement, values);
  return new Set(claims.map((claim) => claim.user_id));
}
