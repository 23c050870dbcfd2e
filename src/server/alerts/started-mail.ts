import * as v from 'valibot';
import { ackToken, ackUrl } from '#server/acknowledgements/ack-links.ts';
import type { Config } from '#server/config.ts';
import { unsubscribeToken, unsubscribeUrl } from '#server/contacts/opt-outs.ts';
import type { MailContent } from '#server/mail/mail-content.ts';
import type { DeferredMail } from '#server/mail/outbox-worker.ts';
import { alertStartedMail } from '#server/mail/templates/alert-mails.ts';
import type { AlertMailKind } from './alert-mail.ts';

/**
 * What an SOS's e-mail says to one contact, stored with its outbox row
 * (`template_data`) and rendered when the row is sent: an SOS writes about
 * 250 bytes a contact instead of 3.5 kB of subject, text and HTML.
 * The links' tokens are not in it: they are derived again from SECRET.
 */
const startedMailData = v.object({
  alertId: v.string(),
  person: v.object({ name: v.string(), phone: v.string() }),
  contactFirstname: v.string(),
  at: v.string(),
  timezone: v.string(),
  receivedAt: v.optional(v.string()),
  position: v.nullable(v.object({ latitude: v.string(), longitude: v.string() })),
});

export type StartedMailData = v.InferOutput<typeof startedMailData>;

/** The outbox kind of an alert's first e-mail to a contact, whichever path queued it. */
export const ALERT_STARTED: AlertMailKind = 'alert-started';

/** The e-mail of a press that started an alert, as `alertStartedMail` writes it, for one contact. */
export function startedMailContent(config: Pick<Config, 'secret' | 'publicUrl'>, userId: string, email: string, data: StartedMailData): MailContent {
  return alertStartedMail({
    person: data.person,
    contactFirstname: data.contactFirstname,
    moment: { at: new Date(data.at), timezone: data.timezone, receivedAt: data.receivedAt ? new Date(data.receivedAt) : undefined },
    position: data.position,
    unsubscribeUrl: unsubscribeUrl(config, unsubscribeToken(config.secret, userId, email)),
    ackUrl: ackUrl(config, ackToken(config.secret, data.alertId, email)),
  });
}

/**
 * The outbox worker's renderer for rows stored as template data. Undefined for a
 * row it cannot read (another kind, data of a newer or broken shape): the worker
 * then records a failed attempt, and the row waits for a server that can.
 */
export function renderDeferredMail(config: Pick<Config, 'secret' | 'publicUrl'>) {
  return (row: DeferredMail): MailContent | undefined => {
    if (row.kind !== ALERT_STARTED || !row.userId) return undefined;
    let parsed: unknown;
    try {
      parsed = JSON.parse(row.templateData);
    } catch {
      return undefined;
    }
    const data = v.safeParse(startedMailData, parsed);
    return data.success ? startedMailContent(config, row.userId, row.recipient, data.output) : undefined;
  };
}
