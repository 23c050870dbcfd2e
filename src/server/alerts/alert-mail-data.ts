import * as v from 'valibot';
import { deliveryStates } from '#shared/api/deliveries.ts';
import { DEFAULT_LANGUAGE, LANGUAGES } from '#shared/language.ts';
import { ackToken, ackUrl } from '#server/acknowledgements/ack-links.ts';
import type { Config } from '#server/config.ts';
import { unsubscribeToken, unsubscribeUrl } from '#server/contacts/opt-outs.ts';
import type { MailContent } from '#server/mail/mail-content.ts';
import type { DeferredMail } from '#server/mail/outbox-worker.ts';
import { alertEndedMail, alertPositionMail, alertStartedMail, type AlertMoment, type AlertPerson } from '#server/mail/templates/alert-mails.ts';
import { alertDuressMail } from '#server/mail/templates/duress-mail.ts';
import { reminderMail } from '#server/mail/templates/reminder-mail.ts';
import { missedCheckInLead, missedCheckInMail } from '#server/mail/templates/missed-check-in-mail.ts';
import { openDetentionInfo } from '#server/detention/detention-box.ts';
import { detentionSteps } from '#server/detention/alert-steps.ts';

/** The outbox kinds of an alert's e-mails to its contacts. */
export const ALERT_STARTED = 'alert-started';
export const ALERT_POSITION = 'alert-position';
export const ALERT_ENDED = 'alert-ended';
export const ALERT_REMINDER = 'alert-reminder';
/** A check-in fell due while the person's alert was already on: it adds to that alert. */
export const ALERT_CHECK_IN_MISSED = 'alert-check-in-missed';
/** The person ended the alert with the duress PIN: for the contacts it goes on (src/server/pins). */
export const ALERT_DURESS = 'alert-duress';

export type AlertMailKind =
  typeof ALERT_STARTED | typeof ALERT_POSITION | typeof ALERT_ENDED | typeof ALERT_REMINDER | typeof ALERT_CHECK_IN_MISSED | typeof ALERT_DURESS;

const deliveryLine = v.object({
  name: v.string(),
  state: v.picklist(deliveryStates),
  sentAt: v.nullable(v.string()),
  acknowledgedAt: v.nullable(v.string()),
});

/**
 * What an alert's e-mail says to one contact, stored with its outbox row
 * (`template_data`) and rendered when the row is sent: an SOS writes about
 * 250 bytes a contact instead of 3.5 kB of subject, text and HTML, and every
 * alert e-mail is written the same way whichever code queued it. The links'
 * tokens are not in it: they are derived again from SECRET. Rows written
 * before `ack` existed are all first e-mails, which always carry the link.
 */
const alertMailData = v.object({
  alertId: v.string(),
  person: v.object({ name: v.string(), phone: v.string() }),
  contactFirstname: v.string(),
  // Rows queued before contacts had a language read as Spanish, as they were written.
  language: v.optional(v.picklist(LANGUAGES), DEFAULT_LANGUAGE),
  at: v.string(),
  timezone: v.string(),
  receivedAt: v.optional(v.string()),
  position: v.nullable(v.object({ latitude: v.string(), longitude: v.string() })),
  /** Whether it carries the contact's 'Lo tengo' link (a contact confirmed after the start has none). */
  ack: v.optional(v.boolean()),
  /** A reminder: minutes since the press. */
  minutes: v.optional(v.number()),
  /** The end: what became of each contact's first e-mail; absent when that could not be read. */
  deliveries: v.optional(v.array(deliveryLine)),
  /** The alert was started by a check-in the person did not close in time (src/server/check-ins). */
  // `forced`: closed with the duress PIN, so it fired at once (src/server/pins).
  checkIn: v.optional(v.object({ purpose: v.string(), place: v.string(), dueAt: v.string(), forced: v.optional(v.boolean()) })),
  /**
   * For a contact the person chose: their 'Si me detienen' packet, as stored (sealed with
   * a key derived from SECRET, never in clear here), opened when the e-mail is rendered.
   */
  detention: v.optional(v.string()),
  /** The end came with 'Estoy bien' after a missed check-in: the e-mail says the person is safe. */
  safe: v.optional(v.boolean()),
});

export type AlertMailData = v.InferOutput<typeof alertMailData>;
/** What the code that queues an alert e-mail writes (the language may be left to its default). */
export type AlertMailInput = v.InferInput<typeof alertMailData>;

export function personOf(user: { firstname: string; lastname: string; phone: string }): AlertPerson {
  return { name: `${user.firstname} ${user.lastname}`, phone: user.phone };
}

/** The moment fields of the data, from the moment a template shows. */
export function momentData(moment: AlertMoment): Pick<AlertMailData, 'at' | 'timezone' | 'receivedAt'> {
  return { at: moment.at.toISOString(), timezone: moment.timezone, receivedAt: moment.receivedAt?.toISOString() };
}

/** One alert e-mail for one contact, as its template writes it. Undefined for a kind that is not an alert's. */
function alertMailContent(config: Pick<Config, 'secret' | 'publicUrl'>, kind: string, userId: string, email: string, data: AlertMailData): MailContent | undefined {
  const common = {
    person: data.person,
    contactFirstname: data.contactFirstname,
    language: data.language,
    moment: { at: new Date(data.at), timezone: data.timezone, receivedAt: data.receivedAt ? new Date(data.receivedAt) : undefined },
    unsubscribeUrl: unsubscribeUrl(config, unsubscribeToken(config.secret, userId, email)),
  };
  const ack = { ackUrl: ackUrl(config, ackToken(config.secret, data.alertId, email)) };
  // A packet that no longer opens (SECRET changed) leaves the steps without its numbers.
  const info = data.detention === undefined ? undefined : openDetentionInfo(config.secret, data.detention);
  const alerting = { ...common, extra: detentionSteps(data.language, data.person.name, info && { info, sample: false }) };
  const missed = data.checkIn && missedCheckInLead(data.language, data.person.name, data.checkIn, data.timezone);
  switch (kind) {
    case ALERT_STARTED:
      return alertStartedMail({ ...alerting, position: data.position, ...(data.ack === false ? {} : ack), ...(missed ? { missed } : {}) });
    case ALERT_POSITION:
      return data.position ? alertPositionMail({ ...alerting, position: data.position, ...(data.ack ? ack : {}) }) : undefined;
    case ALERT_REMINDER:
      return data.minutes === undefined ? undefined : reminderMail({ ...alerting, position: data.position, ...ack, minutes: data.minutes });
    case ALERT_CHECK_IN_MISSED:
      return missed ? missedCheckInMail({ ...alerting, position: data.position, ...(data.ack ? ack : {}), missed }) : undefined;
    case ALERT_DURESS:
      return alertDuressMail({ ...common, position: data.position, ...(data.ack ? ack : {}) });
    case ALERT_ENDED:
      return alertEndedMail({
        ...common,
        ...(data.safe ? { safe: true } : {}),
        deliveries: data.deliveries?.map((line) => ({
          ...line,
          sentAt: line.sentAt ? new Date(line.sentAt) : null,
          acknowledgedAt: line.acknowledgedAt ? new Date(line.acknowledgedAt) : null,
        })),
      });
    default:
      return undefined;
  }
}

/**
 * The outbox worker's renderer for rows stored as template data. Undefined for a
 * row it cannot read (another kind, data of a newer or broken shape): the worker
 * then records a failed attempt, and the row waits for a server that can.
 */
export function renderDeferredMail(config: Pick<Config, 'secret' | 'publicUrl'>) {
  return (row: DeferredMail): MailContent | undefined => {
    if (!row.userId) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(row.templateData);
    } catch {
      return undefined;
    }
    const data = v.safeParse(alertMailData, parsed);
    return data.success ? alertMailContent(config, row.kind, row.userId, row.recipient, data.output) : undefined;
  };
}
