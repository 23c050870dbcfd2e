import { clockTime } from '#shared/alert-moment.ts';
import { contactTexts } from '#shared/contact-texts/index.ts';
import type { Language } from '#shared/language.ts';
import type { MailContent } from '#server/mail/mail-content.ts';
import {
  contactMail,
  oneLine,
  paragraphs,
  whereHtml,
  whereLines,
  type AlertMailInput,
  type MissedCheckIn,
} from './alert-mails.ts';
import { escapeHtml, linkedHtml } from './escape-html.ts';

/**
 * What the contacts read first when a check-in was not closed in time, in their
 * language: 'Elena no confirmó que está bien después de su cita de inmigración
 * en ..., prevista hasta las 10:00.' (the deadline in the person's time zone).
 */
export function missedCheckInLead(
  language: Language,
  name: string,
  checkIn: {
    purpose: string;
    place: string;
    dueAt: string;
    forced?: boolean | undefined;
    afterDuress?: boolean | undefined;
  },
  timezone: string,
): MissedCheckIn {
  const t = contactTexts(language);
  const who = oneLine(name);
  const time = clockTime(new Date(checkIn.dueAt), timezone, t.locale);
  const missed = t.missedLead(who, t.checkInPurpose(checkIn.purpose), oneLine(checkIn.place), time);
  return {
    // Closed or extended with the duress PIN: the person did answer, perhaps forced to; 'no confirmó' would be untrue.
    subject: checkIn.forced ? t.checkInForcedSubject(who) : t.missedSubject(who),
    ...(checkIn.forced ? { addedSubject: t.checkInForcedSubject(who) } : {}),
    // Closed with the duress PIN: it fired before its time, and the contacts are told why.
    lead: checkIn.forced ? t.checkInForced(who) : missed,
    positionNote: t.missedLastPosition,
    // Extended with the duress PIN before this deadline: whoever forced it may still hold the phone, so no call.
    ...(checkIn.forced || checkIn.afterDuress ? { forced: true } : {}),
  };
}

/** A check-in fell due while the person's alert was already on: one more e-mail about the same alert. */
export function missedCheckInMail(input: AlertMailInput & { missed: MissedCheckIn }): MailContent {
  const t = contactTexts(input.language);
  const who = oneLine(input.person.name);
  const lines = [input.missed.lead, t.missedAddedNote];
  const note = input.position ? [t.missedLastPosition] : [];
  // Closed with the duress PIN: whoever forced it may hold the phone, so no call.
  const todo = input.missed.forced ? t.duressTodo(who) : t.todoCall(who, input.person.phone);
  return contactMail(input, input.missed.addedSubject ?? t.missedAddedSubject(who), {
    text: [...lines, '', ...note, ...(input.position ? whereLines(input.position, t) : []), '', todo],
    html: `<p style="margin:0 0 16px;font-size:18px"><strong>${escapeHtml(lines[0]!)}</strong></p>
${paragraphs(lines.slice(1))}
${paragraphs(note)}
${input.position ? whereHtml(input.position, t) : ''}
<p style="margin:0 0 12px">${input.missed.forced ? escapeHtml(todo) : linkedHtml(todo)}</p>`,
  });
}
