import { APP_NAME } from '#shared/constants.ts';
import { contactTexts } from '#shared/contact-texts/index.ts';
import type { MailContent } from '../mail-content.ts';
import {
  contactMail,
  oneLine,
  paragraphs,
  whenLines,
  whereHtml,
  whereLines,
  type AlertMailInput,
} from './alert-mails.ts';
import { escapeHtml } from './escape-html.ts';

/**
 * A practice alert: the same facts as a real one, so the contact sees
 * what a real alert looks like, but PRUEBA in the subject and as the very first
 * line, and nothing to do except 'Lo tengo'.
 */
export function practiceMail(input: AlertMailInput): MailContent {
  const t = contactTexts(input.language);
  const who = oneLine(input.person.name);
  const first = t.practiceNotice(who);
  const about = t.practiceAbout(who, APP_NAME);
  return contactMail(input, t.practiceSubject(who), {
    before: {
      text: [first, ''],
      html: `<p style="margin:0 0 16px;padding:12px;background:#fef9c3;border-radius:6px;font-size:18px"><strong>${escapeHtml(first)}</strong></p>`,
    },
    text: [about, '', ...whenLines(input.moment, t), ...whereLines(input.position, t)],
    html: `<p style="margin:0 0 12px">${escapeHtml(about)}</p>
${paragraphs(whenLines(input.moment, t))}
${whereHtml(input.position, t)}`,
  });
}
