import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { ActiveButtonInput, ActiveButtonReply } from '#shared/api/active-button.ts';
import { ACK_LINK_TTL_MS } from '#shared/api/deliveries.ts';
import { ackToken } from '#server/acknowledgements/ack-links.ts';
import type { Config } from '#server/config.ts';
import { unsubscribeToken } from '#server/contacts/opt-outs.ts';
import { batched } from '#server/db/batched.ts';
import type { Db } from '#server/db/client.ts';
import { isDatabaseUnavailable } from '#server/http/database-unavailable.ts';
import { notifyOutboxWorkers } from '#server/mail/outbox.ts';
import { mailPriority } from '#server/mail/mail-priority.ts';
import { pushOutboxKind } from '#server/push/push-kinds.ts';
import { sha256 } from '#server/security/hashing.ts';
import { personOf } from './alert-mail.ts';
import { readAlertContexts, type AlertContext } from './alert-context.ts';
import { momentOf, positionOf, pressedAt } from './press-moment.ts';
import { ALERT_STARTED, type StartedMailData } from './started-mail.ts';
import { sameBody } from './idempotency.ts';

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

/** What PUT /api/active-button tries first for a '1'; undefined hands the press to the transaction of alert-actions.ts. */
export type AlertStarter = (press: Press) => Promise<AtOnce | undefined>;

/**
 * Everything the transaction of alert-actions.ts writes when an SOS starts an
 * alert (the claimed Idempotency-Key with its reply, the alert, the person's
 * flag, the unsubscribe links, one outbox row and one delivery record per
 * confirmed contact; the outbox row holds the e-mail's template data, rendered
 * when it is sent), for several presses of different people, as one
 * statement: atomic on its own, one round trip for all of them. The people
 * ($2, also the ids in $1) are found by their primary key whatever the planner
 * guesses of $1's size, and their rows are locked first, in the order of their
 * ids (two batches never wait on each other in a circle), as lockUserForAlert
 * does, so each press takes turns with the transaction path. A press whose key is taken
 * writes nothing (no claim, and all else hangs on it); the whole statement
 * fails when another alert became active since the context was read
 * (alerts_one_active_per_user).
 */
const START_ALERTS = {
  name: 'start_alerts_at_once',
  text: `
    with press as (
      select * from json_to_recordset($1) as p(user_id uuid, key text, body_hash text, reply jsonb, alert_id uuid,
        timezone text, latitude text, longitude text, pressed_at timestamptz, received_at timestamptz, expires_at timestamptz, mails json)
    ), locked as (
      select id from users where id = any($2::uuid[]) order by id for no key update
    ), claim as (
      insert into alert_requests (user_id, idempotency_key, body_hash, reply, created_at)
      select press.user_id, press.key, press.body_hash, press.reply, press.received_at from press join locked on locked.id = press.user_id
      on conflict do nothing
      returning user_id
    ), alert as (
      insert into alerts (id, user_id, timezone, latitude, longitude, pressed_at, started_at)
      select press.alert_id, press.user_id, press.timezone, press.latitude, press.longitude, press.pressed_at, press.received_at
      from press join claim on claim.user_id = press.user_id
      returning id, user_id
    ), flag as (
      update users set alert_status = true, updated_at = press.received_at from alert join press on press.user_id = alert.user_id
      where users.id = alert.user_id and users.id = any($2::uuid[])
    ), mail as (
      select alert.user_id, alert.id as alert_id, press.received_at, press.expires_at, m.*
      from alert join press on press.user_id = alert.user_id,
        json_to_recordset(press.mails)
        as m(email text, firstname text, lastname text, data text, unsubscribe_hash text, ack_hash text)
    ), links as (
      insert into opt_outs (user_id, email, token_hash, created_at)
      select mail.user_id, mail.email, mail.unsubscribe_hash, mail.received_at from mail where mail.unsubscribe_hash is not null
      on conflict (user_id, email) do update set token_hash = excluded.token_hash
      where opt_outs.token_hash <> excluded.token_hash
    ), queued as (
      insert into outbox (kind, priority, user_id, recipient, template_data, next_attempt_at, created_at)
      select $3, $4::smallint, mail.user_id, mail.email, mail.data, mail.received_at, mail.received_at from mail
      returning id, user_id, recipient
    ), tracked as (
      insert into alert_deliveries
        (user_id, alert_id, contact_email, contact_firstname, contact_lastname, token_hash, outbox_id, created_at, expires_at)
      select mail.user_id, mail.alert_id, mail.email, mail.firstname, mail.lastname, mail.ack_hash, queued.id, mail.received_at, mail.expires_at
      from mail join queued on queued.user_id = mail.user_id and queued.recipient = mail.email
      on conflict do nothing
    ), pushes as (
      -- Phone notifications (src/server/push/queue-pushes.ts): one row per phone of each contact mailed above.
      insert into outbox (kind, priority, user_id, recipient, template_data, next_attempt_at, created_at)
      select $5, $4::smallint, mail.user_id, s.id::text, json_build_object('alertId', mail.alert_id)::text, mail.received_at, mail.received_at
      from mail join contacts c on c.user_id = mail.user_id and c.email = mail.email
      join push_subscriptions s on s.contact_id = c.id
    )
    select user_id from claim`,
};

/** Presses that go together, of one database: every request of the same moment shares the round trips. */
const starters = new WeakMap<Db, AlertStarter>();

/**
 * Start an alert in one statement when the common case holds: a '1' from a
 * person with no active alert, under a key not seen before. Undefined when it
 * does not (an alert is on, the key's first request is still in flight, a
 * race): the caller then runs the transaction of alert-actions.ts, which
 * handles every case. Presses that arrive while others are being written go
 * together in the next batch (batched.ts): one context read and one statement
 * for all of them. The e-mails' data comes from a context read just before
 * the statement; a contact confirmed in between gets the next e-mail, as if the
 * press had come a moment earlier.
 */
export function startAlertAtOnce(press: Press): Promise<AtOnce | undefined> {
  const { db } = press.deps;
  let start = starters.get(db);
  if (!start) {
    start = batched((presses: Press[]) => startTogether(db, presses), { maxBatch: 100, maxInFlight: 3 });
    starters.set(db, start);
  }
  return start(press);
}

async function startTogether(db: Db, presses: Press[]): Promise<(AtOnce | undefined)[]> {
  // One client for the read and the write: checked out twice, every batch would queue behind
  // all the others twice over when the pool is busy.
  const client = await db.$client.connect();
  let broken: Error | undefined;
  try {
    return await startOn(db, client, presses);
  } catch (error) {
    // A connection that is gone: never lend that client out again, and let the caller answer 503.
    if (isDatabaseUnavailable(error) || typeof (error as { code?: unknown }).code !== 'string') {
      broken = error instanceof Error ? error : new Error('alert start failed');
      throw error;
    }
    // A statement PostgreSQL refused (another alert went active meanwhile, alerts_one_active_per_user;
    // a write the transaction path treats as best effort): nothing was written, and that path handles every case.
    return presses.map(() => undefined);
  } finally {
    client.release(broken);
  }
}

type Outcome = { answer: AtOnce | undefined } | { row: StartRow; reply: ActiveButtonReply };
type StartRow = ReturnType<typeof startRow>;

async function startOn(db: Db, client: pg.PoolClient, presses: Press[]): Promise<(AtOnce | undefined)[]> {
  const contexts = await readAlertContexts(client, presses);
  const seen = new Set<string>();
  const outcomes = presses.map((press, i): Outcome => {
    const context = contexts[i];
    if (!context) return { answer: undefined };
    if (context.earlier) {
      if (!sameBody(context.earlier.bodyHash, press.bodyHash)) return { answer: { kind: 'mismatch' } };
      return { answer: context.earlier.reply ? { kind: 'answered', reply: context.earlier.reply as ActiveButtonReply } : undefined };
    }
    // A second press of one person in the batch (a double tap, two phones): the transaction path
    // takes it after this statement, in turn behind the person's lock.
    if (context.hasActiveAlert || seen.has(press.userId)) return { answer: undefined };
    seen.add(press.userId);
    const alertId = randomUUID();
    return { row: startRow(press, context, alertId), reply: { alert_status: true, alert_id: alertId } };
  });
  const rows = outcomes.flatMap((outcome) => ('row' in outcome ? [outcome.row] : []));
  if (rows.length === 0) return outcomes.map((outcome) => ('answer' in outcome ? outcome.answer : undefined));

  const values = [JSON.stringify(rows), rows.map((row) => row.user_id), ALERT_STARTED, mailPriority(ALERT_STARTED), pushOutboxKind('alert-started')];
  const { rows: claims } = await client.query<{ user_id: string }>({ ...START_ALERTS, values });
  const claimed = new Set(claims.map((claim) => claim.user_id));
  // After the commit, as for every outbox row (docs/decisions/009).
  if (rows.some((row) => claimed.has(row.user_id) && row.mails.length > 0)) notifyOutboxWorkers(db);
  return outcomes.map((outcome) => {
    if ('answer' in outcome) return outcome.answer;
    // The key was taken meanwhile (the same press, sent twice at once): its answer is the transaction path's to give.
    return claimed.has(outcome.row.user_id) ? { kind: 'answered', reply: outcome.reply } : undefined;
  });
}

/**
 * One press's part of the statement: its alert, and for each contact the data
 * its e-mail is rendered from when it is sent (started-mail.ts), with the
 * hashes of the links' tokens.
 */
function startRow({ deps, userId, key, bodyHash, input, now }: Press, context: AlertContext, alertId: string) {
  const { config } = deps;
  const at = pressedAt(input, now);
  const timezone = input.timezone || 'UTC';
  const moment = momentOf(at, timezone, now);
  const shared = {
    alertId,
    person: personOf(context.person),
    at: at.toISOString(),
    timezone,
    receivedAt: moment.receivedAt?.toISOString(),
    position: positionOf(input),
  };
  const mails = context.recipients.map((recipient) => {
    const unsubscribe = unsubscribeToken(config.secret, userId, recipient.email);
    const ack = ackToken(config.secret, alertId, recipient.email);
    const data: StartedMailData = { ...shared, contactFirstname: recipient.firstname };
    const unsubscribeHash = sha256(unsubscribe);
    return {
      email: recipient.email,
      firstname: recipient.firstname,
      lastname: recipient.lastname,
      data: JSON.stringify(data),
      // Recorded only when new or when SECRET changed: usually the invitation recorded it.
      unsubscribe_hash: unsubscribeHash === recipient.unsubscribeHash ? null : unsubscribeHash,
      ack_hash: sha256(ack),
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
    pressed_at: at.toISOString(),
    received_at: now.toISOString(),
    expires_at: new Date(now.getTime() + ACK_LINK_TTL_MS).toISOString(),
    mails,
  };
}
