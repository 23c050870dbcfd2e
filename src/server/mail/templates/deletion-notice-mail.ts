import { formatMoment } from '#shared/alert-moment.ts';
import { contactTexts } from '#shared/contact-texts/index.ts';
import type { Language } from '#shared/language.ts';
import type { MailContent } from '#server/mail/mail-content.ts';
import { contactMail, oneLine, paragraphs, type AlertPerson } from './alert-mails.ts';

export type DeletionNoticeInput = {
  person: AlertPerson;
  contactFirstname: string;
  language: Language;
  /** When the deletion was asked for, read in the person's time zone. */
  requestedAt: Date;
  timezone: string;
  days: number;
  unsubscribeUrl: string;
};

/**
 * The last e-mail of an account whose deletion was asked for during an alert
 * that never ended for real: the contacts learn why the alert's page stops
 * working, and what to do without calling the phone (the request may have been forced).
 */
export function deletionNoticeMail(input: DeletionNoticeInput): MailContent {
  const t = contactTexts(input.language);
  const who = oneLine(input.person.name);
  const lines = [
    t.deletionLead(who, formatMoment(input.requestedAt, input.timezone, t), input.days),
    t.deletionDone,
    t.deletionTodo(who),
  ];
  return contactMail(input, t.deletionSubject(who), {
    text: lines.flatMap((line) => [line, '']),
    html: paragraphs(lines),
  });
}
