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
 * Nobody has acknowledged an alert that is still on: the same facts
 * again, the latest position, and the 'Lo tengo' link. `minutes` since the press.
 */
export function reminderMail(input: AlertMailInput & { minutes: number }): MailContent {
  const t = contactTexts(input.language);
  const who = oneLine(input.person.name);
  const line = t.reminderLead(input.minutes, who);
  const todo = t.reminderTodo(who, input.person.phone);
  return contactMail(input, t.reminderSubject(who), {
    text: [line, '', ...whenLines(input.moment, t), ...whereLines(input.position, t), '', todo],
    html: `<p style="margin:0 0 16px;font-size:18px">${escapeHtml(line)}</p>
${paragraphs(whenLines(input.moment, t))}
${whereHtml(input.position, t)}
<p style="margin:0 0 12px"><strong>${escapeHtml(todo)}</strong></p>`,
  });
}
