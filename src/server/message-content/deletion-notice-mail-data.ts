import * as v from 'valibot';
import { DEFAULT_LANGUAGE, LANGUAGES } from '#shared/language.ts';
import { accountOf } from './alert-mail-data.ts';
import { unsubscribeToken, unsubscribeUrl } from './opt-outs.ts';
import type { MailContent } from '#server/mail/mail-content.ts';
import { deletionNoticeMail } from '#server/mail/templates/deletion-notice-mail.ts';
import type { RenderContext } from '#server/messages/kind-spec.ts';

/** The data a deletion notice is rendered from when it leaves (deferred-deletion.ts). */
export const deletionNoticeData = v.object({
  person: v.object({ name: v.string(), phone: v.string() }),
  contactFirstname: v.string(),
  language: v.optional(v.picklist(LANGUAGES), DEFAULT_LANGUAGE),
  requestedAt: v.pipe(v.string(), v.isoTimestamp()),
  timezone: v.string(),
  days: v.pipe(v.number(), v.integer(), v.minValue(1)),
});

export type DeletionNoticeData = v.InferInput<typeof deletionNoticeData>;

export function renderDeletionNotice(
  data: v.InferOutput<typeof deletionNoticeData>,
  context: RenderContext,
): MailContent {
  const { config, language, recipient } = context;
  return deletionNoticeMail({
    person: data.person,
    contactFirstname: data.contactFirstname,
    language,
    requestedAt: new Date(data.requestedAt),
    timezone: data.timezone,
    days: data.days,
    unsubscribeUrl: unsubscribeUrl(config, unsubscribeToken(config.secret, accountOf(context), recipient)),
  });
}
