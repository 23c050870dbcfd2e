import { APP_NAME, CONTACT_LINK_TTL_MS } from '#shared/constants.ts';
import { contactTexts } from '#shared/contact-texts/index.ts';
import { withLanguage, type Language } from '#shared/language.ts';
import type { MailContent } from '../mail-content.ts';
import { escapeHtml } from './escape-html.ts';
import { htmlLayout } from './layout.ts';

const days = CONTACT_LINK_TTL_MS / (24 * 60 * 60_000);

export type InvitationMailInput = {
  /** The full name of the person who added the contact. */
  userName: string;
  contactFirstname: string;
  /** The contact's language: every word of the e-mail follows it. */
  language: Language;
  verifyUrl: string;
  unsubscribeUrl: string;
};

/** Names come from people's input: one line in the subject, escaped in HTML. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/** Asks a new contact to accept: who asked, what accepting means, the link, and how to never hear from us again. */
export function contactInvitationMail(input: InvitationMailInput): MailContent {
  const t = contactTexts(input.language);
  const who = oneLine(input.userName);
  const greeting = t.greeting(oneLine(input.contactFirstname));
  const subject = t.invitationSubject(who);
  // The pages these links open speak the contact's language too.
  const verifyUrl = withLanguage(input.verifyUrl, input.language);
  const unsubscribeUrl = withLanguage(input.unsubscribeUrl, input.language);
  const text = [
    greeting,
    '',
    t.invitationLead(who, APP_NAME),
    '',
    t.invitationIfYouAccept(who),
    '',
    t.invitationHowText,
    verifyUrl,
    '',
    t.invitationExpiry(days),
    '',
    t.invitationUnsubscribe(who),
    unsubscribeUrl,
  ].join('\n');
  const whoHtml = escapeHtml(who);
  const lead = escapeHtml(t.invitationLead(who, APP_NAME)).replace(whoHtml, `<strong>${whoHtml}</strong>`);
  const html = htmlLayout(
    subject,
    `<p style="margin:0 0 12px">${escapeHtml(greeting)}</p>
<p style="margin:0 0 12px">${lead}</p>
<p style="margin:0 0 12px">${escapeHtml(t.invitationIfYouAccept(who))}</p>
<p style="margin:0 0 16px">${escapeHtml(t.invitationHowHtml)}</p>
<p style="margin:0 0 16px"><a href="${escapeHtml(verifyUrl)}" style="display:inline-block;padding:12px 20px;background:#b91c1c;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(t.invitationButton)}</a></p>
<p style="margin:0 0 12px;color:#52525b">${escapeHtml(t.invitationExpiry(days))}</p>
<p style="margin:0;font-size:12px;color:#71717a"><a href="${escapeHtml(unsubscribeUrl)}" style="color:#71717a">${escapeHtml(t.unsubscribeLink(who))}</a></p>`,
    input.language,
  );
  return { subject, text, html };
}
