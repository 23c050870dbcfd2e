import { contactTexts } from '#shared/contact-texts/index.ts';
import type { MailContent } from '#server/mail/mail-content.ts';
import { contactMail, oneLine, paragraphs, whereHtml, whereLines, type AlertMailInput } from './alert-mails.ts';
import { escapeHtml } from './escape-html.ts';

/**
 * The person ended the alert with the duress PIN: their phone says it ended, but
 * for the contacts it goes on. Said first, with the last position and the 'Lo
 * tengo' link, which still works.
 */
export function alertDuressMail(input: AlertMailInput & { forcedOn?: 'alert' | 'check-in' }): MailContent {
  const t = contactTexts(input.language);
  const who = oneLine(input.person.name);
  // 'Estoy bien' on the check-in that fired the alert: the check-in ('el aviso') closed, not the alert
  // ended (its lead says the alert goes on).
  const onCheckIn = input.forcedOn === 'check-in';
  const lead = onCheckIn ? t.checkInForced(who) : t.duressLead(who);
  const more = onCheckIn ? [] : [t.duressStillActive];
  return contactMail(input, onCheckIn ? t.checkInForcedSubject(who) : t.duressSubject(who), {
    text: [lead, ...more, '', ...whereLines(input.position, t), '', t.duressTodo(who)],
    html: `<p style="margin:0 0 16px;font-size:18px"><strong>${escapeHtml(lead)}</strong></p>
${paragraphs(more)}
${whereHtml(input.position, t)}
<p style="margin:0 0 12px">${escapeHtml(t.duressTodo(who))}</p>`,
  });
}
