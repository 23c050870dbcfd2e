import * as v from 'valibot';
import type { PushKind } from '#shared/push-payload.ts';
import {
  alertCheckInMissedData,
  alertEndedData,
  alertMailData,
  alertPositionData,
  alertReminderData,
  renderAlertCheckInMissed,
  renderAlertDuress,
  renderAlertEnded,
  renderAlertPosition,
  renderAlertReminder,
  renderAlertStarted,
} from '#server/message-content/alert-mail-data.ts';
import { practiceData, renderPractice } from '#server/message-content/practice-mail-data.ts';
import { checkInReminderMail } from '#server/message-content/person-reminder-mail.ts';
import { invitationData, renderInvitation } from '#server/message-content/invitation-mail-data.ts';
import { lockoutMail } from '#server/mail/templates/lockout.ts';
import { newSessionMail } from '#server/mail/templates/new-session.ts';
import { pinsResetCodeMail } from '#server/mail/templates/pins-reset-code.ts';
import { signInCodeMail } from '#server/mail/templates/sign-in-code.ts';
import { staffInviteMail } from '#server/mail/templates/staff-invite.ts';
import { deskEscalationMail } from '#server/mail/templates/desk-escalation-mail.ts';
import { escalationPush } from '#server/message-content/desk-escalation-push.ts';
import { deskCaseUrl } from '#shared/api/desk-live.ts';
import { deletionNoticeData, renderDeletionNotice } from '#server/message-content/deletion-notice-mail-data.ts';
import { pushMessage } from '#server/message-content/push-message.ts';
import {
  mailKind,
  pushKind,
  staffPushKind,
  type AnyKindSpec,
  type MailKindSpec,
  type PushKindSpec,
} from './kind-spec.ts';
import { PRIORITY } from './priority.ts';

// Every kind of message the outbox sends, e-mail or phone notification, declared
// once: its priority, the schema of the data its row stores, its renderer, whether
// it belongs to an alert and who reads it. A row stores the kind and the data;
// the sender renders it when it leaves (render-message.ts). A new kind is one
// entry here, and the type check refuses one without a priority, schema or renderer.

const code = v.object({ code: v.pipe(v.string(), v.regex(/^\d{4}$/)) });
const isoDate = v.pipe(v.string(), v.isoTimestamp());

/** A phone notification's data: the alert it is about; what it says is read from the alert's people when it leaves. */
const pushData = v.object({
  alertId: v.pipe(v.string(), v.uuid()),
  /**
   * 'missed-check-in': the server started the alert; 'forced-check-in': a check-in closed or extended with
   * the duress PIN started it (start-rows.ts writes both), or ended it ('Estoy bien', duress-end.ts).
   */
  trigger: v.optional(v.nullable(v.string())),
});

function alertPush(kind: PushKind) {
  return pushKind({
    priority: PRIORITY.alert,
    alert: true,
    schema: pushData,
    render: (data, { config, language, person, ackUrl }) =>
      pushMessage({
        kind,
        alertId: data.alertId,
        person,
        language,
        ackUrl,
        publicUrl: config.publicUrl,
        missedCheckIn: data.trigger === 'missed-check-in',
        forcedCheckIn: data.trigger === 'forced-check-in',
      }),
  });
}

/** An escalation's round, by e-mail or to a phone: nothing of the client, only the case and the wait. */
const deskEscalationData = v.object({
  alertId: v.pipe(v.string(), v.uuid()),
  round: v.pipe(v.number(), v.integer(), v.minValue(1)),
  minutes: v.pipe(v.number(), v.integer(), v.minValue(0)),
  firmName: v.pipe(v.string(), v.minLength(1)),
});

const alertMail = { priority: PRIORITY.alert, alert: true, audience: 'contact' } as const;

export const MESSAGE_KINDS = {
  'alert-started': mailKind({ ...alertMail, schema: alertMailData, render: renderAlertStarted }),
  'alert-position': mailKind({ ...alertMail, schema: alertPositionData, render: renderAlertPosition }),
  'alert-reminder': mailKind({ ...alertMail, schema: alertReminderData, render: renderAlertReminder }),
  /** A check-in fell due while the person's alert was already on: it adds to that alert. */
  'alert-check-in-missed': mailKind({ ...alertMail, schema: alertCheckInMissedData, render: renderAlertCheckInMissed }),
  /** The person ended the alert with the duress PIN: for the contacts it goes on (src/server/pins). */
  'alert-duress': mailKind({ ...alertMail, schema: alertMailData, render: renderAlertDuress }),
  'alert-ended': mailKind({ ...alertMail, schema: alertEndedData, render: renderAlertEnded }),

  'push:alert-started': alertPush('alert-started'),
  'push:alert-position': alertPush('alert-position'),
  'push:alert-duress': alertPush('alert-duress'),
  'push:alert-ended': alertPush('alert-ended'),

  /** To the firm's staff: an alert nobody at the desk attends (src/server/desk/escalation.ts). */
  'desk-escalation': mailKind({
    priority: PRIORITY.alert,
    behindFirstAlertMails: true,
    alert: true,
    audience: 'staff',
    schema: deskEscalationData,
    render: (data, { config }) => deskEscalationMail({ ...data, caseUrl: deskCaseUrl(config.publicUrl, data.alertId) }),
  }),

  /** The same, to each of those staff members' phones ('Recibir avisos en este teléfono'). */
  'push:desk-escalation': staffPushKind({
    priority: PRIORITY.alert,
    behindFirstAlertMails: true,
    alert: true,
    schema: deskEscalationData,
    render: (data, { config }) => escalationPush({ ...data, publicUrl: config.publicUrl }),
  }),

  'signin-code': mailKind({
    priority: PRIORITY.signIn,
    alert: false,
    audience: 'person',
    schema: code,
    render: (data) => signInCodeMail(data.code),
  }),
  'pins-reset-code': mailKind({
    priority: PRIORITY.signIn,
    alert: false,
    audience: 'person',
    schema: code,
    render: (data) => pinsResetCodeMail(data.code),
  }),

  /** The code that enrols the first passkey of an address on the firm's desk team (src/server/staff). */
  'staff-invite': mailKind({
    priority: PRIORITY.signIn,
    alert: false,
    audience: 'person',
    schema: v.object({ ...code.entries, firmName: v.string(), deskUrl: v.pipe(v.string(), v.url()) }),
    render: (data) => staffInviteMail(data.code, data.firmName, data.deskUrl),
  }),

  'contact-invitation': mailKind({
    priority: PRIORITY.other,
    alert: false,
    audience: 'contact',
    schema: invitationData,
    render: renderInvitation,
  }),
  practice: mailKind({
    priority: PRIORITY.other,
    alert: false,
    audience: 'contact',
    schema: practiceData,
    render: renderPractice,
  }),
  'new-session': mailKind({
    priority: PRIORITY.other,
    alert: false,
    audience: 'person',
    schema: v.object({ firstname: v.string(), device: v.string(), at: isoDate, timezone: v.optional(v.string()) }),
    render: (data) => newSessionMail(data.firstname, data.device, new Date(data.at), data.timezone),
  }),
  'signin-locked': mailKind({
    priority: PRIORITY.other,
    alert: false,
    audience: 'person',
    schema: v.object({ firstname: v.string(), waitMs: v.pipe(v.number(), v.minValue(0)) }),
    render: (data) => lockoutMail(data.firstname, data.waitMs),
  }),
  /**
   * To the contacts, when an account's deletion asked for during an alert waited the
   * documented days and the alert never ended for real: the account goes next.
   */
  'account-deletion-notice': mailKind({
    priority: PRIORITY.other,
    alert: false,
    audience: 'contact',
    schema: deletionNoticeData,
    render: renderDeletionNotice,
  }),
  /** To the person before their check-in's deadline. */
  'check-in-reminder': mailKind({
    priority: PRIORITY.other,
    alert: false,
    audience: 'person',
    schema: v.object({
      firstname: v.string(),
      purpose: v.string(),
      dueAt: isoDate,
      fireAt: isoDate,
      timezone: v.string(),
    }),
    render: (data) => checkInReminderMail({ ...data, dueAt: new Date(data.dueAt), fireAt: new Date(data.fireAt) }),
  }),
} satisfies Record<string, AnyKindSpec>;

export type MessageKind = keyof typeof MESSAGE_KINDS;

/** The kinds that are e-mails, and those that are phone notifications. */
export type MailKind = {
  [K in MessageKind]: (typeof MESSAGE_KINDS)[K] extends MailKindSpec<infer _> ? K : never;
}[MessageKind];
export type PushOutboxKind = {
  [K in MessageKind]: (typeof MESSAGE_KINDS)[K] extends PushKindSpec<infer _> ? K : never;
}[MessageKind];

/** What the code that queues a kind writes (defaults may be left out). */
export type MessageInput<K extends MessageKind> = v.InferInput<(typeof MESSAGE_KINDS)[K]['schema']>;

export function isMessageKind(kind: string): kind is MessageKind {
  return Object.hasOwn(MESSAGE_KINDS, kind);
}

/** A kind's declaration, or undefined for a kind this version does not know (a row of a newer server). */
export function kindSpec(kind: string): AnyKindSpec | undefined {
  return isMessageKind(kind) ? MESSAGE_KINDS[kind] : undefined;
}
