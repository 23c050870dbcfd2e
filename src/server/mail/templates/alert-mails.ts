import { clockTime, formatMoment, mapUrl, type AlertPosition } from '#shared/alert-moment.ts';
import { APP_NAME } from '#shared/constants.ts';
import { contactTexts, type ContactTexts } from '#shared/contact-texts/index.ts';
import { deliveryLine, type DeliveryLineInput } from '#shared/delivery-texts.ts';
import { withLanguage, type Language } from '#shared/language.ts';
import type { MailContent } from '../mail-content.ts';
import { escapeHtml, linkedHtml } from './escape-html.ts';
import { htmlLayout } from './layout.ts';

// The e-mails a confirmed contact gets about an alert (DESIGN.md section 3,
// step 6): who, when in the person's own time zone, where, and what to do;
// in the contact's own language (src/shared/contact-texts).

export type AlertPerson = { name: string; phone: string };

export type AlertMoment = {
  /** The phone's clock at the press. */
  at: Date;
  /** IANA zone of the phone; contacts read the time in it. */
  timezone: string;
  /** Set when the request reached us much later than the press (sent from the offline queue). */
  receivedAt?: Date;
};

// Shared with the contact's 'Lo tengo' page (src/shared/alert-moment.ts).
export { formatMoment, mapUrl, type AlertPosition };

export type AlertMailInput = {
  person: AlertPerson;
  contactFirstname: string;
  /** The contact's language: every word of the e-mail follows it. */
  language: Language;
  moment: AlertMoment;
  position: AlertPosition | null;
  unsubscribeUrl: string;
  /** The contact's 'Lo tengo' link; absent when it could not be recorded. */
  ackUrl?: string;
  /** After the body: what to do if the person was detained, and their packet (src/server/detention). */
  extra?: { text: string[]; html: string };
};

export const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

// An alert's e-mails to all its contacts say the same moment: formatted once per language, not once a contact.
let lastMoment: { at: number; timezone: string; locale: string; text: string } | undefined;
function momentText(at: Date, timezone: string, t: ContactTexts): string {
  if (lastMoment?.at !== at.getTime() || lastMoment.timezone !== timezone || lastMoment.locale !== t.locale) {
    lastMoment = { at: at.getTime(), timezone, locale: t.locale, text: formatMoment(at, timezone, t) };
  }
  return lastMoment.text;
}

export function whenLines(moment: AlertMoment, t: ContactTexts): string[] {
  const lines = [t.when(momentText(moment.at, moment.timezone, t))];
  if (moment.receivedAt) lines.push(t.receivedLate(momentText(moment.receivedAt, moment.timezone, t)));
  return lines;
}

export function whereLines(position: AlertPosition | null, t: ContactTexts): string[] {
  if (!position) return [`${t.whereLabel} ${t.positionUnavailable}.`];
  return [
    `${t.whereLabel} ${t.coordinates(position.latitude, position.longitude)}`,
    `${t.mapLabel} ${mapUrl(position)}`,
  ];
}

export function whereHtml(position: AlertPosition | null, t: ContactTexts): string {
  const label = `<strong>${escapeHtml(t.whereLabel)}</strong>`;
  if (!position) return `<p style="margin:0 0 12px">${label} ${escapeHtml(t.positionUnavailable)}.</p>`;
  return `<p style="margin:0 0 12px">${label} ${escapeHtml(t.coordinates(position.latitude, position.longitude))}</p>
<p style="margin:0 0 16px"><a href="${escapeHtml(mapUrl(position))}" style="display:inline-block;padding:12px 20px;background:#b91c1c;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(t.seeOnMap)}</a></p>`;
}

export function footer(who: string, unsubscribeUrl: string, t: ContactTexts) {
  return {
    text: ['', t.footerWhy(who, APP_NAME), `${t.footerUnsubscribeText(who)} ${unsubscribeUrl}`],
    html: `<p style="margin:16px 0 0;font-size:12px;color:#71717a">${escapeHtml(t.footerWhy(who, APP_NAME))} <a href="${escapeHtml(unsubscribeUrl)}" style="color:#71717a">${escapeHtml(t.unsubscribeLink(who))}</a></p>`,
  };
}

export const paragraphs = (lines: string[]) =>
  lines.map((line) => `<p style="margin:0 0 12px">${linkedHtml(line)}</p>`).join('\n');

type ContactMailBody = {
  text: string[];
  html: string;
  /** What comes before the greeting (a practice's PRUEBA banner). */
  before?: { text: string[]; html: string };
};

/**
 * Every e-mail to a contact about an alert, in text and HTML: the greeting, the
 * body, the 'Lo tengo' link when the contact has one, and the footer with the
 * way out.
 */
export function contactMail(
  input: Pick<AlertMailInput, 'person' | 'contactFirstname' | 'unsubscribeUrl' | 'ackUrl' | 'language' | 'extra'>,
  subject: string,
  body: ContactMailBody,
): MailContent {
  const t = contactTexts(input.language);
  const who = oneLine(input.person.name);
  const greeting = t.greeting(oneLine(input.contactFirstname));
  // The pages these links open speak the contact's language too.
  const ackUrl = input.ackUrl && withLanguage(input.ackUrl, input.language);
  const unsubscribeUrl = withLanguage(input.unsubscribeUrl, input.language);
  const text = [
    ...(body.before?.text ?? []),
    greeting,
    '',
    ...body.text,
    ...(input.extra?.text ?? []),
    ...ackLines(who, ackUrl, t),
    ...footer(who, unsubscribeUrl, t).text,
  ].join('\n');
  const html = htmlLayout(
    subject,
    [
      ...(body.before ? [body.before.html] : []),
      `<p style="margin:0 0 12px">${escapeHtml(greeting)}</p>`,
      body.html,
      input.extra?.html ?? '',
      ackHtml(who, ackUrl, t),
      footer(who, unsubscribeUrl, t).html,
    ].join('\n'),
    input.language,
  );
  return { subject, text, html };
}

/** What the server says first when it started the alert because a check-in was not closed in time. */
export type MissedCheckIn = {
  subject: string;
  /** The subject when it joins an alert already on; absent: 'tampoco confirmó' (missedAddedSubject). */
  addedSubject?: string;
  lead: string;
  positionNote?: string;
  forced?: boolean;
};

/** The alert itself: the one e-mail that must be read at once. */
export function alertStartedMail(input: AlertMailInput & { missed?: MissedCheckIn }): MailContent {
  const t = contactTexts(input.language);
  const who = oneLine(input.person.name);
  const subject = input.missed?.subject ?? t.startedSubject(who);
  // A check-in closed with the duress PIN: whoever forced it may hold the phone, so no call.
  const todo = input.missed?.forced
    ? [t.duressTodo(who), t.todoKeep]
    : [t.todoCall(who, input.person.phone), t.todoFamily, t.todoKeep];
  const lead = input.missed?.lead ?? t.startedLead(who, APP_NAME);
  const positionNote = input.missed?.positionNote && input.position ? [input.missed.positionNote] : [];
  return contactMail(input, subject, {
    text: [
      lead,
      '',
      ...whenLines(input.moment, t),
      ...positionNote,
      ...whereLines(input.position, t),
      '',
      t.whatToDo,
      ...todo.map((line, index) => `${index + 1}. ${line}`),
    ],
    html: `${input.missed ? `<p style="margin:0 0 16px;font-size:18px"><strong>${escapeHtml(lead)}</strong></p>` : `<p style="margin:0 0 16px;font-size:18px"><strong>${escapeHtml(who)}</strong> ${escapeHtml(t.startedLeadHtml)}</p>`}
${paragraphs(whenLines(input.moment, t))}
${paragraphs(positionNote)}
${whereHtml(input.position, t)}
<p style="margin:0 0 8px"><strong>${escapeHtml(t.whatToDo)}</strong></p>
<ol style="margin:0 0 12px;padding-left:20px">${todo.map((line) => `<li style="margin:0 0 6px">${linkedHtml(line)}</li>`).join('')}</ol>`,
  });
}

/** 'Lo tengo': the link opens a page, and only its button records anything (mail scanners open links). */
function ackLines(who: string, ackUrl: string | undefined, t: ContactTexts): string[] {
  if (!ackUrl) return [];
  return ['', t.ackText(who), ackUrl];
}

function ackHtml(who: string, ackUrl: string | undefined, t: ContactTexts): string {
  if (!ackUrl) return '';
  return `<p style="margin:0 0 8px">${escapeHtml(t.ackHtml(who))}</p>
<p style="margin:0 0 16px"><a href="${escapeHtml(ackUrl)}" style="display:inline-block;padding:12px 20px;background:#15803d;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(t.ackButton)}</a></p>`;
}

/** A position that arrived after an alert that went out without one. */
export function alertPositionMail(input: AlertMailInput & { position: AlertPosition }): MailContent {
  const t = contactTexts(input.language);
  const who = oneLine(input.person.name);
  const lead = t.positionLead(who);
  return contactMail(input, t.positionSubject(who), {
    text: [lead, '', ...whereLines(input.position, t), ...whenLines(input.moment, t)],
    html: `<p style="margin:0 0 12px">${escapeHtml(lead)}</p>
${whereHtml(input.position, t)}
${paragraphs(whenLines(input.moment, t))}`,
  });
}

/**
 * The person ended the alert themselves. `deliveries`: what became of
 * each contact's alert e-mail, who acknowledged it above all, so the family
 * knows who is acting; absent when that could not be read.
 */
export function alertEndedMail(
  input: Omit<AlertMailInput, 'position' | 'ackUrl'> & { deliveries?: DeliveryLineInput[]; safe?: boolean },
): MailContent {
  const t = contactTexts(input.language);
  const who = oneLine(input.person.name);
  // 'Estoy bien' after a missed check-in fired the alert: said first.
  const line = input.safe ? t.safeLead(who) : t.endedLead(who);
  const outcome = deliveryLines(input.deliveries, input.moment.timezone, t);
  const questions = t.endedQuestions(who, input.person.phone);
  const outcomeHtml =
    outcome.length > 0
      ? `<p style="margin:0 0 8px"><strong>${escapeHtml(t.whoReceived)}</strong></p>
<ul style="margin:0 0 12px;padding-left:20px">${outcome.map((entry) => `<li style="margin:0 0 6px">${escapeHtml(entry)}</li>`).join('')}</ul>`
      : '';
  return contactMail(input, input.safe ? t.safeSubject(who) : t.endedSubject(who), {
    text: [
      line,
      ...whenLines(input.moment, t),
      ...(outcome.length > 0 ? ['', t.whoReceived, ...outcome.map((entry) => `- ${entry}`)] : []),
      '',
      questions,
    ],
    html: `<p style="margin:0 0 12px">${escapeHtml(line)}</p>
${paragraphs(whenLines(input.moment, t))}
${outcomeHtml}
<p style="margin:0 0 12px">${escapeHtml(questions)}</p>`,
  });
}

/** Acknowledgements first: they say who is acting. Times in the person's zone. */
function deliveryLines(deliveries: DeliveryLineInput[] | undefined, timezone: string, t: ContactTexts): string[] {
  if (!deliveries) return [];
  const clock = (at: Date) => clockTime(at, timezone, t.locale);
  const ordered = [...deliveries].sort(
    (a, b) => Number(b.state === 'acknowledged') - Number(a.state === 'acknowledged'),
  );
  const lines = ordered.map((entry) => deliveryLine({ ...entry, name: oneLine(entry.name) }, clock, t));
  if (!deliveries.some((entry) => entry.state === 'acknowledged')) lines.push(t.nobodyAcknowledged);
  return lines;
}
