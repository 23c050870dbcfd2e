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
import { escapeHtml, linkedHtml } from './escape-html.ts';

/**
 * Why the alert is on, for the reminder's first lines: pressed; fired by a check-in not closed in
 * time; ended with the duress PIN; or a check-in closed or extended with it.
 */
export const reminderCauses = ['press', 'missed-check-in', 'forced-end', 'forced-check-in'] as const;
export type ReminderCause = (typeof reminderCauses)[number];

/**
 * Nobody has acknowledged an alert that is still on: what happened, the same
 * facts again, the latest position, and the 'Lo tengo' link. `minutes` since
 * the start. After the duress PIN it says what the duress e-mail said, and
 * never to call: whoever forced the end may hold the phone.
 */
export function reminderMail(input: AlertMailInput & { minutes: number; cause: ReminderCause }): MailContent {
  const t = contactTexts(input.language);
  const who = oneLine(input.person.name);
  const forced = input.cause === 'forced-end' || input.cause === 'forced-check-in';
  const lines = {
    press: [t.reminderLead(input.minutes, who)],
    'missed-check-in': [t.reminderLeadMissed(input.minutes, who)],
    'forced-end': [t.duressLead(who), t.duressStillActive],
    'forced-check-in': [t.checkInForced(who)],
  }[input.cause];
  const [line = '', ...more] = lines;
  const todo = forced ? t.duressTodo(who) : t.reminderTodo(who, input.person.phone);
  return contactMail(input, t.reminderSubject(who), {
    text: [...lines, '', ...whenLines(input.moment, t), ...whereLines(input.position, t), '', todo],
    html: `<p style="margin:0 0 16px;font-size:18px">${escapeHtml(line)}</p>
${more.map((each) => `<p style="margin:0 0 16px">${escapeHtml(each)}</p>`).join('')}
${paragraphs(whenLines(input.moment, t))}
${whereHtml(input.position, t)}
<p style="margin:0 0 12px"><strong>${forced ? escapeHtml(todo) : linkedHtml(todo)}</strong></p>`,
  });
}
