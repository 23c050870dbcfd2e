import * as v from 'valibot';
import { DEFAULT_LANGUAGE, LANGUAGES } from '#shared/language.ts';
import { accountOf } from './alert-mail-data.ts';
import type { MailContent } from '#server/mail/mail-content.ts';
import { contactInvitationMail } from '#server/mail/templates/contact-invitation.ts';
import type { RenderContext } from '#server/messages/kind-spec.ts';
import { unsubscribeToken, unsubscribeUrl } from './opt-outs.ts';

/**
 * What an invitation says, stored with its row until it is sent. The
 * confirmation token is in it, as it was in the stored bodies before: the row's
 * data is erased once the e-mail leaves.
 */
export const invitationData = v.object({
  /** The full name of the person who added the contact. */
  userName: v.string(),
  contactFirstname: v.string(),
  language: v.optional(v.picklist(LANGUAGES), DEFAULT_LANGUAGE),
  token: v.pipe(v.string(), v.regex(/^[\w-]+$/)),
});

export function renderInvitation(data: v.InferOutput<typeof invitationData>, context: RenderContext): MailContent {
  const { config, language, recipient } = context;
  return contactInvitationMail({
    userName: data.userName,
    contactFirstname: data.contactFirstname,
    language,
    verifyUrl: `${config.publicUrl}/web/active/verify/${data.token}`,
    unsubscribeUrl: unsubscribeUrl(config, unsubscribeToken(config.secret, accountOf(context), recipient)),
  });
}
