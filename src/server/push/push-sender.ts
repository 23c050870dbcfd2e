import type pg from 'pg';
import webpush from 'web-push';
import { ackToken, ackUrl } from '#server/message-content/ack-links.ts';
import type { Config } from '#server/config.ts';
import { errorName } from '#server/error-name.ts';
import type { Log } from '#server/log.ts';
import { parsePush, renderPush, type ParsedPush } from '#server/messages/render-message.ts';
import { isPushOutboxKind } from './push-kinds.ts';
import { isTrustedPushEndpoint } from './push-services.ts';
import { hasUsableKeys } from './subscription-keys.ts';

/** What the outbox worker hands over of a row whose kind is a phone notification. */
export type PushRow = {
  id: number;
  kind: string;
  recipient: string;
  templateData: string | null;
};

/** As the mail transport's: `permanent` when trying again cannot help. */
export type PushResult = { ok: true } | { ok: false; error: string; permanent?: boolean };

export type PushSender = {
  isPush(kind: string): boolean;
  send(row: PushRow, now: Date): Promise<PushResult>;
};

export type PushSenderConfig = Pick<Config, 'secret' | 'publicUrl' | 'push'>;

/** A day: an alert still matters to a phone that was off all night; older, the e-mail has said it all. */
const TTL_SECONDS = 24 * 60 * 60;
const TIMEOUT_MS = 10_000;
/** What a row records when the phone's stored keys cannot encrypt anything: no retry can help. */
export const KEYS_UNUSABLE = 'claves del teléfono no válidas';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The subscription, its contact and person, and whether a notification queued
 * after this one ($2, the row's id) has already left for this phone, in the one
 * query a push already made (the person's outbox rows, by outbox_user_idx).
 */
const TARGET = {
  name: 'push_target',
  text: `select s.endpoint, s.p256dh, s.auth, c.email, c.language, u.firstname, u.lastname, u.phone,
      exists (select 1 from outbox o where o.user_id = u.id and o.recipient = $1::text and o.id > $2::bigint
        and o.status = 'sent' and o.kind like 'push:%') as superseded
    from push_subscriptions s join contacts c on c.id = s.contact_id join users u on u.id = c.user_id
    where s.id = $1::uuid`,
};

/** Recorded on a notification that a later one reached the phone first: sent now, it would replace the newer news. */
export const SUPERSEDED = 'aviso superado por uno más reciente';
const DELIVERED = {
  name: 'push_delivered',
  text: `update alert_deliveries set push_sent_at = coalesce(push_sent_at, $3) where alert_id = $1 and contact_email = $2`,
};
const GONE = {
  name: 'push_gone',
  text: 'delete from push_subscriptions where id = $1',
};
/** A staff member's phone, while they are still on the staff (removal deletes it too: staff-members.ts). */
const STAFF_TARGET = {
  name: 'staff_push_target',
  text: `select s.endpoint, s.p256dh, s.auth from staff_push_subscriptions s join staff m on m.id = s.staff_id
    where s.id = $1::uuid and m.removed_at is null`,
};
const STAFF_GONE = {
  name: 'staff_push_gone',
  text: 'delete from staff_push_subscriptions where id = $1',
};
/** The phone's subscription is gone: turned off, or its contact or staff member removed. */
const NO_SUBSCRIPTION = 'aviso sin suscripción';

type Target = {
  endpoint: string;
  p256dh: string;
  auth: string;
  email: string;
  language: string;
  firstname: string;
  lastname: string;
  phone: string;
  superseded: boolean;
};

/**
 * Sends the outbox's phone notifications: encrypted and signed by web-push,
 * posted with fetch (web-push's own sender speaks only https, and a test push
 * service runs on plain http). A 404 or 410 means the phone unsubscribed: its
 * subscription goes. Other refusals (4xx) are final; 429, 5xx and lost
 * connections are tried again by the outbox. Logs name the row and the status, never the endpoint.
 */
export function createPushSender({
  pool,
  config,
  log,
}: {
  pool: pg.Pool;
  config: PushSenderConfig;
  log: Log;
}): PushSender {
  const vapidDetails = {
    subject: config.push.vapid.subject,
    publicKey: config.push.vapid.publicKey,
    privateKey: config.push.vapid.privateKey,
  };

  /**
   * The notifications of one phone about one alert leave one at a time, in the
   * order the outbox claimed them (the alert's order): on the phone a later one
   * replaces the earlier (same tag), so two in flight could arrive swapped.
   */
  const inFlight = new Map<string, Promise<unknown>>();
  function inOrder<T>(key: string, run: () => Promise<T>): Promise<T> {
    const turn = (inFlight.get(key) ?? Promise.resolve()).then(run, run);
    const settled = turn.catch(() => undefined);
    inFlight.set(key, settled);
    void settled.then(() => {
      if (inFlight.get(key) === settled) inFlight.delete(key);
    });
    return turn;
  }

  function send(row: PushRow, now: Date): Promise<PushResult> {
    const parsed =
      row.templateData === null ? undefined : parsePush({ kind: row.kind, templateData: row.templateData });
    if (!parsed?.ok || !UUID.test(row.recipient))
      return Promise.resolve({ ok: false, error: 'aviso ilegible', permanent: true });
    const message = parsed.content;
    return inOrder(`${row.recipient}:${message.alertId}`, () => sendParsed(row, message, now));
  }

  /** What one row sends where, and what its outcome changes, or why it cannot leave. */
  type Prepared = {
    keys: { endpoint: string; p256dh: string; auth: string };
    payload: unknown;
    /** After a 2xx: the alert's delivery record, for a contact's phone. */
    delivered?: () => Promise<unknown>;
    /** After a 404 or 410: the subscription's row. */
    gone: { name: string; text: string };
  };

  /** A contact's phone: the subscription, its contact and person, read now (push_target). */
  async function prepareForContact(row: PushRow, message: ParsedPush, now: Date): Promise<Prepared | PushResult> {
    const { alertId } = message;
    const { rows } = await pool.query<Target>({ ...TARGET, values: [row.recipient, row.id] });
    const target = rows[0];
    // The contact turned it off, or was deleted, since the alert.
    if (!target) return { ok: false, error: NO_SUBSCRIPTION, permanent: true };
    const refused = refusedKeys(target);
    if (refused) return refused;
    // A retried start or position must not replace 'finalizó' (a later notification, with
    // the same tag) on the phone: once a later one has left, this one never does.
    if (target.superseded) return { ok: false, error: SUPERSEDED, permanent: true };
    const payload = renderPush(config, row.recipient, message, {
      person: { name: `${target.firstname} ${target.lastname}`, phone: target.phone },
      ackUrl: ackUrl(config, ackToken(config.secret, alertId, target.email)),
      language: target.language,
    });
    return {
      keys: target,
      payload,
      delivered: () => pool.query({ ...DELIVERED, values: [alertId, target.email, now] }),
      gone: GONE,
    };
  }

  /** A staff member's phone: only its keys; the message is made from the row alone (nothing of the client). */
  async function prepareForStaff(row: PushRow, message: ParsedPush): Promise<Prepared | PushResult> {
    const { rows } = await pool.query<Prepared['keys']>({ ...STAFF_TARGET, values: [row.recipient] });
    const target = rows[0];
    // Turned off, or the staff member was removed, since the escalation was queued.
    if (!target) return { ok: false, error: NO_SUBSCRIPTION, permanent: true };
    return (
      refusedKeys(target) ?? {
        keys: target,
        payload: renderPush(config, row.recipient, message, undefined),
        gone: STAFF_GONE,
      }
    );
  }

  function refusedKeys(target: Prepared['keys']): PushResult | undefined {
    if (!isTrusted(target.endpoint)) return { ok: false, error: 'servicio de avisos no admitido', permanent: true };
    // A subscription stored before its keys were checked at subscribe time.
    if (!hasUsableKeys(target)) return { ok: false, error: KEYS_UNUSABLE, permanent: true };
    return undefined;
  }

  async function sendParsed(row: PushRow, message: ParsedPush, now: Date): Promise<PushResult> {
    const prepared =
      message.spec.audience === 'staff'
        ? await prepareForStaff(row, message)
        : await prepareForContact(row, message, now);
    if ('ok' in prepared) return prepared;
    const { keys, payload } = prepared;
    let request: ReturnType<typeof webpush.generateRequestDetails>;
    try {
      request = webpush.generateRequestDetails(
        {
          endpoint: keys.endpoint,
          keys: { p256dh: keys.p256dh, auth: keys.auth },
        },
        JSON.stringify(payload),
        {
          vapidDetails,
          TTL: TTL_SECONDS,
          urgency: 'high',
          contentEncoding: 'aes128gcm',
        },
      );
    } catch {
      // Made from the stored keys and our own payload only: the same inputs would throw again.
      return { ok: false, error: KEYS_UNUSABLE, permanent: true };
    }
    let status: number;
    try {
      const reply = await fetch(request.endpoint, {
        method: request.method,
        headers: Object.fromEntries(Object.entries(request.headers).map(([name, value]) => [name, String(value)])),
        body: request.body === null ? null : new Uint8Array(request.body),
        signal: AbortSignal.timeout(TIMEOUT_MS),
        redirect: 'error',
      });
      status = reply.status;
      await reply.body?.cancel();
    } catch (error) {
      return {
        ok: false,
        error: `push ${error instanceof Error ? error.name : 'error'}`,
      };
    }
    if (status >= 200 && status < 300) {
      // Handed over: from here on, a failure must not make the row fail, or the phone would get it again.
      await prepared.delivered?.().catch((error: unknown) => {
        log.warn(`aviso ${row.id}: entregado, pero sin anotar en la alerta (${errorName(error)})`);
      });
      log.info(`aviso ${row.id} entregado al servicio de avisos`);
      return { ok: true };
    }
    if (status === 404 || status === 410) {
      // The answer is final whether or not the subscription could be deleted now (the next alert's 410 tries again).
      const deleted = await pool.query({ ...prepared.gone, values: [row.recipient] }).then(
        () => true,
        () => false,
      );
      log.info(`aviso ${row.id}: el teléfono ya no acepta avisos (${status})${deleted ? '; suscripción borrada' : ''}`);
      return { ok: false, error: `push ${status}`, permanent: true };
    }
    return {
      ok: false,
      error: `push ${status}`,
      permanent: status >= 400 && status < 500 && status !== 429 && status !== 408,
    };
  }

  function isTrusted(endpoint: string): boolean {
    // Checked again here: a row written before PUSH_EXTRA_ORIGINS changed must not reach a service no longer trusted.
    return isTrustedPushEndpoint(endpoint, config.push.extraOrigins);
  }

  return { isPush: isPushOutboxKind, send };
}
