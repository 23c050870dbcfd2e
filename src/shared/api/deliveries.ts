import * as v from 'valibot';
import { CONTACTS_TOLD } from '../alert-status.ts';
import { ALERT_TRIGGERS, alertCheckInSchema } from './check-ins.ts';

// "Know that the alert arrived" (docs/delivery-state.md): what the person sees of each e-mail
// their alert (or practice) sent, and what a contact sees behind 'Lo tengo'.
// docs/delivery-state.md describes the calls; docs/decisions/008 the choices.

/**
 * One confirmed contact's e-mail of an alert or a practice:
 * - pending: queued, not yet handed to the mail server;
 * - retrying: the mail server refused it at least once; we keep trying;
 * - sent: the mail server took it (`sent_at`);
 * - failed: we gave up on it, or it was withdrawn (the address opted out);
 * - acknowledged: the contact pressed 'Lo tengo' (`acknowledged_at`);
 * - cancelled: the alert ended before it left, so neither it nor the end went
 *   (src/server/alerts/withdraw-unsent.ts).
 */
export const deliveryStates = ['pending', 'retrying', 'sent', 'failed', 'acknowledged', 'cancelled'] as const;
export type DeliveryState = (typeof deliveryStates)[number];

export const deliverySchema = v.object({
  id: v.string(),
  /** The contact's name as the person saved it. */
  name: v.string(),
  state: v.picklist(deliveryStates),
  sent_at: v.nullable(v.string()),
  acknowledged_at: v.nullable(v.string()),
  /** Failed attempts to hand it to the mail server. */
  attempts: v.number(),
  /** When a push service first took a phone notification of this alert for the contact (src/server/push); null when none. */
  push_sent_at: v.nullable(v.string()),
});
export type Delivery = v.InferOutput<typeof deliverySchema>;

const trackedSchema = {
  id: v.string(),
  pressed_at: v.string(),
  started_at: v.string(),
  deliveries: v.array(deliverySchema),
};

/** GET /api/alert-deliveries: the person's alert status and, while one is active, its e-mails. */
export const alertDeliveryStateSchema = v.object({
  alert_status: v.boolean(),
  alert: v.nullable(
    v.object({
      ...trackedSchema,
      /** Reminder rounds sent so far (nobody had acknowledged), and the last one's time. */
      reminders: v.number(),
      last_reminder_at: v.nullable(v.string()),
      /** 'missed-check-in': the server started it because the person did not say 'Estoy bien' in time. */
      // The server always sends both; optional so that a reply cached before they existed still reads (absent: 'press', null).
      trigger: v.optional(v.picklist(ALERT_TRIGGERS)),
      check_in: v.optional(v.nullable(alertCheckInSchema)),
      /** Someone at the firm took the alert at its desk ('{FIRM_NAME} está atendiendo tu alerta'). */
      firm_attending: v.optional(v.boolean()),
    }),
  ),
  /**
   * With no alert on: what the last end told the person (its reply's `contacts_told`), until the app
   * has shown it (POST /api/end-news/seen; docs/decisions/051). Null otherwise. Optional so that a
   * reply cached before it existed still reads (absent: null).
   */
  end_news: v.optional(v.nullable(v.object({ alert_id: v.string(), contacts_told: v.picklist(CONTACTS_TOLD) }))),
});
export type AlertDeliveryState = v.InferOutput<typeof alertDeliveryStateSchema>;

/** GET /api/practice-deliveries: the person's latest practice alert, while its links work. */
export const practiceDeliveryStateSchema = v.object({
  practice: v.nullable(
    v.object({
      ...trackedSchema,
      /** The Idempotency-Key of the request that started it: the page knows which press this is. */
      request_key: v.string(),
    }),
  ),
});
export type PracticeDeliveryState = v.InferOutput<typeof practiceDeliveryStateSchema>;

/** GET /api/ack/{token} and POST /api/ack: what the contact's 'Lo tengo' page shows. */
export const ackViewSchema = v.object({
  /** Who is at risk, and the number to call. */
  person: v.object({ name: v.string(), phone: v.string() }),
  contact_firstname: v.string(),
  practice: v.boolean(),
  /** The phone's clock at the press, and its IANA zone: the page shows the time in it. */
  pressed_at: v.string(),
  timezone: v.string(),
  position: v.nullable(v.object({ latitude: v.string(), longitude: v.string() })),
  /** 'ended': the person ended the alert; nothing more is recorded. */
  status: v.picklist(['active', 'ended']),
  /**
   * Ended with the duress PIN: the person's phone says it ended, and for the contacts it goes on.
   * Optional so that a reply cached before it existed still reads (absent: false).
   */
  forced: v.optional(v.boolean()),
  /**
   * With `forced`: what the duress PIN was typed on, FINALIZAR ALERTA ('alert', also when absent) or
   * the check-in ('check-in': the page says the person closed 'el aviso', not that they ended the alert).
   */
  forced_on: v.optional(v.picklist(['alert', 'check-in'])),
  /**
   * The link's own alert gave way to a fresh one while the danger went on (docs/decisions/047): this is
   * the fresh alert, as the same contact's link of it shows it, and 'Lo tengo' answers it.
   */
  replaced: v.optional(v.boolean()),
  acknowledged_at: v.nullable(v.string()),
  /** 'missed-check-in': the server started it because the person did not say 'Estoy bien' in time. */
  // The server always sends both; optional so that a reply cached before they existed still reads (absent: 'press', null).
  trigger: v.optional(v.picklist(ALERT_TRIGGERS)),
  check_in: v.optional(v.nullable(alertCheckInSchema)),
  /** Someone at the firm took the alert at its desk: the page says so in the contact's language. */
  firm_attending: v.optional(v.boolean()),
  /** POST only: this press recorded the acknowledgement (false when it was already there). */
  recorded: v.optional(v.boolean()),
});
export type AckView = v.InferOutput<typeof ackViewSchema>;

/** A contact's 'Lo tengo' link works this long after the alert (or practice) started. */
export const ACK_LINK_TTL_MS = 7 * 24 * 60 * 60_000;
/** Reminders go this many minutes after an alert started while nobody has acknowledged (ACK_REMINDER_MINUTES). */
export const DEFAULT_REMINDER_MINUTES = [5, 15] as const;
/** The alert and practice screens ask for the delivery state this often while they are visible. */
export const DELIVERY_POLL_MS = 3_000;
/** A second practice within this time shows the one already sent instead of e-mailing the contacts again. */
export const PRACTICE_COOLDOWN_MS = 2 * 60_000;
