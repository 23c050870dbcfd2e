import * as v from 'valibot';
import { deliveryStates } from '#shared/api/deliveries.ts';
import { DEFAULT_LANGUAGE, LANGUAGES } from '#shared/language.ts';
import { ackToken, ackUrl } from './ack-links.ts';
import { unsubscribeToken, unsubscribeUrl } from './opt-outs.ts';
import { openDetentionInfo } from '#server/security/detention-box.ts';
import { detentionSteps } from './alert-steps.ts';
import type { MailContent } from '#server/mail/mail-content.ts';
import {
  alertEndedMail,
  alertPositionMail,
  alertStartedMail,
  type AlertMoment,
  type AlertPerson,
} from '#server/mail/templates/alert-mails.ts';
import { alertDuressMail } from '#server/mail/templates/duress-mail.ts';
import { missedCheckInLead, missedCheckInMail } from '#server/mail/templates/missed-check-in-mail.ts';
import { reminderCauses, reminderMail } from '#server/mail/templates/reminder-mail.ts';
import type { RenderContext } from '#server/messages/kind-spec.ts';

// What an alert's e-mail says to one contact, stored with its outbox row
// (`template_data`) and rendered when the row is sent: an SOS writes about
// 250 bytes a contact instead of 3.5 kB of subject, text and HTML. The links'
// tokens are not in it: they are derived again from SECRET. The kinds
// themselves are declared in src/server/messages/kinds.ts.

const deliveryLine = v.object({
  name: v.string(),
  state: v.picklist(deliveryStates),
  sentAt: v.nullable(v.string()),
  acknowledgedAt: v.nullable(v.string()),
});

const position = v.object({ latitude: v.string(), longitude: v.string() });
const checkIn = v.object({
  purpose: v.string(),
  place: v.string(),
  dueAt: v.string(),
  forced: v.optional(v.boolean()),
  afterDuress: v.optional(v.boolean()),
});

/** The facts of a press a contact reads, real or practice: who, to whom, in which language, when and where. */
export const pressFactsEntries = {
  person: v.object({ name: v.string(), phone: v.string() }),
  contactFirstname: v.string(),
  // Rows queued before contacts had a language read as Spanish, as they were written.
  language: v.optional(v.picklist(LANGUAGES), DEFAULT_LANGUAGE),
  at: v.string(),
  timezone: v.string(),
  receivedAt: v.optional(v.string()),
  position: v.nullable(position),
};

/** What every alert e-mail's data holds; each kind's schema below adds what it needs. */
const alertMailEntries = {
  alertId: v.string(),
  ...pressFactsEntries,
  /** Whether it carries the contact's 'Lo tengo' link (a contact confirmed after the start has none). */
  ack: v.optional(v.boolean()),
  /** The alert was started by a check-in the person did not close in time (src/server/check-ins). */
  // `forced`: closed with the duress PIN, so it fired at once (src/server/pins); `afterDuress`: extended
  // with it, and now past the deadline the person was shown.
  checkIn: v.optional(checkIn),
  /** A duress end's e-mail: 'check-in' when the duress PIN closed the check-in that fired the alert ('Estoy bien'). */
  forcedOn: v.optional(v.picklist(['alert', 'check-in'])),
  /**
   * For a contact the person chose: their 'Si me detienen' packet, as stored (sealed with
   * a key derived from SECRET, never in clear here), opened when the e-mail is rendered.
   */
  detention: v.optional(v.string()),
};

export const alertMailData = v.object(alertMailEntries);
/** A position e-mail without a position cannot be written. */
export const alertPositionData = v.object({ ...alertMailEntries, position });
/** A reminder: minutes since the press. */
// Rows queued before the reminder said why the alert is on read as a press, as they were written.
export const alertReminderData = v.object({
  ...alertMailEntries,
  minutes: v.number(),
  cause: v.optional(v.picklist(reminderCauses), 'press'),
});
export const alertCheckInMissedData = v.object({ ...alertMailEntries, checkIn });
export const alertEndedData = v.object({
  ...alertMailEntries,
  /** What became of each contact's first e-mail; absent when that could not be read. */
  deliveries: v.optional(v.array(deliveryLine)),
  /** The end came with 'Estoy bien' after a missed check-in: the e-mail says the person is safe. */
  safe: v.optional(v.boolean()),
});

export type AlertMailData = v.InferOutput<typeof alertMailData>;
/** What the code that queues an alert e-mail writes (the language may be left to its default). */
export type AlertMailInput = v.InferInput<typeof alertMailData>;
export type AlertEndedInput = v.InferInput<typeof alertEndedData>;

export function personOf(user: { firstname: string; lastname: string; phone: string }): AlertPerson {
  return { name: `${user.firstname} ${user.lastname}`, phone: user.phone };
}

/** The moment fields of the data, from the moment a template shows. */
export function momentData(moment: AlertMoment): Pick<AlertMailData, 'at' | 'timezone' | 'receivedAt'> {
  return { at: moment.at.toISOString(), timezone: moment.timezone, receivedAt: moment.receivedAt?.toISOString() };
}

/** The account a contact's e-mail is about: its unsubscribe link is derived from it. */
export function accountOf({ userId }: RenderContext): string {
  if (!userId) throw new Error('a contact e-mail without its account');
  return userId;
}

type PressFacts = v.InferOutput<v.ObjectSchema<typeof pressFactsEntries, undefined>>;

/** What every e-mail about a press shows, in the contact's language (the one the context chose). */
export function pressFactsShown(data: Omit<PressFacts, 'position'>, context: RenderContext) {
  const { config, language, recipient } = context;
  return {
    person: data.person,
    contactFirstname: data.contactFirstname,
    language,
    moment: {
      at: new Date(data.at),
      timezone: data.timezone,
      receivedAt: data.receivedAt ? new Date(data.receivedAt) : undefined,
    },
    unsubscribeUrl: unsubscribeUrl(config, unsubscribeToken(config.secret, accountOf(context), recipient)),
  };
}

function ackOf(data: AlertMailData, { config, recipient }: RenderContext) {
  return { ackUrl: ackUrl(config, ackToken(config.secret, data.alertId, recipient)) };
}

/** The common part with the detention steps, for the e-mails that ask the contact to act. */
function alerting(data: AlertMailData, context: RenderContext) {
  // A packet that no longer opens (SECRET changed) leaves the steps without its numbers.
  const info = data.detention === undefined ? undefined : openDetentionInfo(context.config.secret, data.detention);
  return {
    ...pressFactsShown(data, context),
    extra: detentionSteps(context.language, data.person.name, info && { info, sample: false }),
  };
}

function missedOf(data: AlertMailData & { checkIn: NonNullable<AlertMailData['checkIn']> }, context: RenderContext) {
  return missedCheckInLead(context.language, data.person.name, data.checkIn, data.timezone);
}

export function renderAlertStarted(data: AlertMailData, context: RenderContext): MailContent {
  const missed = data.checkIn && missedOf({ ...data, checkIn: data.checkIn }, context);
  return alertStartedMail({
    ...alerting(data, context),
    position: data.position,
    ...(data.ack === false ? {} : ackOf(data, context)),
    ...(missed ? { missed } : {}),
  });
}

export function renderAlertPosition(
  data: v.InferOutput<typeof alertPositionData>,
  context: RenderContext,
): MailContent {
  return alertPositionMail({
    ...alerting(data, context),
    position: data.position,
    ...(data.ack ? ackOf(data, context) : {}),
  });
}

export function renderAlertReminder(
  data: v.InferOutput<typeof alertReminderData>,
  context: RenderContext,
): MailContent {
  return reminderMail({
    ...alerting(data, context),
    position: data.position,
    ...ackOf(data, context),
    minutes: data.minutes,
    cause: data.cause,
  });
}

export function renderAlertCheckInMissed(
  data: v.InferOutput<typeof alertCheckInMissedData>,
  context: RenderContext,
): MailContent {
  return missedCheckInMail({
    ...alerting(data, context),
    position: data.position,
    ...(data.ack ? ackOf(data, context) : {}),
    missed: missedOf(data, context),
  });
}

export function renderAlertDuress(data: AlertMailData, context: RenderContext): MailContent {
  return alertDuressMail({
    ...pressFactsShown(data, context),
    position: data.position,
    ...(data.ack ? ackOf(data, context) : {}),
    ...(data.forcedOn ? { forcedOn: data.forcedOn } : {}),
  });
}

export function renderAlertEnded(data: v.InferOutput<typeof alertEndedData>, context: RenderContext): MailContent {
  return alertEndedMail({
    ...pressFactsShown(data, context),
    ...(data.safe ? { safe: true } : {}),
    deliveries: data.deliveries?.map((line) => ({
      ...line,
      sentAt: line.sentAt ? new Date(line.sentAt) : null,
      acknowledgedAt: line.acknowledgedAt ? new Date(line.acknowledgedAt) : null,
    })),
  });
}
