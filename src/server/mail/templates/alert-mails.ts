import { clockTime, formatMoment, mapUrl, POSITION_UNAVAILABLE, type AlertPosition } from '#shared/alert-moment.ts';
import { APP_NAME } from '#shared/constants.ts';
import { deliveryLine, type DeliveryLineInput } from '#shared/delivery-texts.ts';
import type { MailContent } from '../mail-content.ts';
import { escapeHtml } from './escape-html.ts';
import { htmlLayout } from './layout.ts';

// The e-mails a confirmed contact gets about an alert (DESIGN.md section 3,
// step 6): who, when in the person's own time zone, where, and what to do.

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
  moment: AlertMoment;
  position: AlertPosition | null;
  unsubscribeUrl: string;
  /** The contact's 'Lo tengo' link; absent when it could not be recorded. */
  ackUrl?: string;
};

export const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

// An alert's e-mails to all its contacts say the same moment: formatted once, not once a contact.
let lastMoment: { at: number; timezone: string; text: string } | undefined;
function momentText(at: Date, timezone: string): string {
  if (lastMoment?.at !== at.getTime() || lastMoment.timezone !== timezone) {
    lastMoment = { at: at.getTime(), timezone, text: formatMoment(at, timezone) };
  }
  return lastMoment.text;
}

export function whenLines(moment: AlertMoment): string[] {
  const lines = [`Cuándo: ${momentText(moment.at, moment.timezone)}`];
  if (moment.receivedAt) {
    lines.push(
      `El teléfono no tenía conexión: la alerta llegó a nuestro servidor más tarde, ${momentText(moment.receivedAt, moment.timezone)}.`,
    );
  }
  return lines;
}

export function whereLines(position: AlertPosition | null): string[] {
  if (!position) return [`Dónde: ${POSITION_UNAVAILABLE}.`];
  return [`Dónde: latitud ${position.latitude}, longitud ${position.longitude}`, `Mapa: ${mapUrl(position)}`];
}

export function whereHtml(position: AlertPosition | null): string {
  if (!position) return `<p style="margin:0 0 12px"><strong>Dónde:</strong> ${POSITION_UNAVAILABLE}.</p>`;
  return `<p style="margin:0 0 12px"><strong>Dónde:</strong> latitud ${escapeHtml(position.latitude)}, longitud ${escapeHtml(position.longitude)}</p>
<p style="margin:0 0 16px"><a href="${escapeHtml(mapUrl(position))}" style="display:inline-block;padding:12px 20px;background:#b91c1c;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold">Ver en el mapa</a></p>`;
}

export function footer(who: string, unsubscribeUrl: string) {
  return {
    text: ['', `Recibes este correo porque aceptaste ser contacto de emergencia de ${who} en ${APP_NAME}.`, `Para no recibir más correos de ${who}: ${unsubscribeUrl}`],
    html: `<p style="margin:16px 0 0;font-size:12px;color:#71717a">Recibes este correo porque aceptaste ser contacto de emergencia de ${escapeHtml(who)} en ${escapeHtml(APP_NAME)}. <a href="${escapeHtml(unsubscribeUrl)}" style="color:#71717a">No quiero recibir más correos de ${escapeHtml(who)}</a></p>`,
  };
}

export const paragraphs = (lines: string[]) => lines.map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`).join('\n');

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
  input: Pick<AlertMailInput, 'person' | 'contactFirstname' | 'unsubscribeUrl' | 'ackUrl'>,
  subject: string,
  body: ContactMailBody,
): MailContent {
  const who = oneLine(input.person.name);
  const greeting = `Hola, ${oneLine(input.contactFirstname)}:`;
  const text = [
    ...(body.before?.text ?? []),
    greeting,
    '',
    ...body.text,
    ...ackLines(who, input.ackUrl),
    ...footer(who, input.unsubscribeUrl).text,
  ].join('\n');
  const html = htmlLayout(
    subject,
    [
      ...(body.before ? [body.before.html] : []),
      `<p style="margin:0 0 12px">${escapeHtml(greeting)}</p>`,
      body.html,
      ackHtml(who, input.ackUrl),
      footer(who, input.unsubscribeUrl).html,
    ].join('\n'),
  );
  return { subject, text, html };
}

/** The alert itself: the one e-mail that must be read at once. */
export function alertStartedMail(input: AlertMailInput): MailContent {
  const who = oneLine(input.person.name);
  const subject = `ALERTA SOS: ${who} está en riesgo`;
  const todo = [
    `Llama ahora a ${who} al ${input.person.phone}.`,
    'Si no contesta, avisa a su familia y a su abogado o a la organización que le acompaña, y comparte su ubicación.',
    'Guarda este correo: tiene la hora y el lugar de la alerta.',
  ];
  return contactMail(input, subject, {
    text: [
      `${who} presionó el botón SOS de ${APP_NAME} para avisarte que está en riesgo.`,
      '',
      ...whenLines(input.moment),
      ...whereLines(input.position),
      '',
      'Qué hacer:',
      ...todo.map((line, index) => `${index + 1}. ${line}`),
    ],
    html: `<p style="margin:0 0 16px;font-size:18px"><strong>${escapeHtml(who)}</strong> presionó el botón SOS para avisarte que está en riesgo.</p>
${paragraphs(whenLines(input.moment))}
${whereHtml(input.position)}
<p style="margin:0 0 8px"><strong>Qué hacer:</strong></p>
<ol style="margin:0 0 12px;padding-left:20px">${todo.map((line) => `<li style="margin:0 0 6px">${escapeHtml(line)}</li>`).join('')}</ol>`,
  });
}

/** 'Lo tengo': the link opens a page, and only its button records anything (mail scanners open links). */
function ackLines(who: string, ackUrl: string | undefined): string[] {
  if (!ackUrl) return [];
  return ['', `Avisa a ${who} que recibiste su alerta: abre este enlace y presiona «Lo tengo».`, ackUrl];
}

function ackHtml(who: string, ackUrl: string | undefined): string {
  if (!ackUrl) return '';
  return `<p style="margin:0 0 8px">Avisa a ${escapeHtml(who)} que recibiste su alerta:</p>
<p style="margin:0 0 16px"><a href="${escapeHtml(ackUrl)}" style="display:inline-block;padding:12px 20px;background:#15803d;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold">Lo tengo</a></p>`;
}

/** A position that arrived after an alert that went out without one. */
export function alertPositionMail(input: AlertMailInput & { position: AlertPosition }): MailContent {
  const who = oneLine(input.person.name);
  const subject = `ALERTA SOS: ubicación de ${who}`;
  return contactMail(input, subject, {
    text: [
      `La alerta SOS de ${who} salió sin ubicación. Esta es la primera ubicación que su teléfono pudo compartir:`,
      '',
      ...whereLines(input.position),
      ...whenLines(input.moment),
    ],
    html: `<p style="margin:0 0 12px">La alerta SOS de <strong>${escapeHtml(who)}</strong> salió sin ubicación. Esta es la primera ubicación que su teléfono pudo compartir:</p>
${whereHtml(input.position)}
${paragraphs(whenLines(input.moment))}`,
  });
}

/**
 * The person ended the alert themselves. `deliveries`: what became of
 * each contact's alert e-mail, who acknowledged it above all, so the family
 * knows who is acting; absent when that could not be read.
 */
export function alertEndedMail(input: Omit<AlertMailInput, 'position' | 'ackUrl'> & { deliveries?: DeliveryLineInput[] }): MailContent {
  const who = oneLine(input.person.name);
  const subject = `${who} finalizó su alerta SOS`;
  const line = `${who} finalizó su alerta SOS desde la aplicación.`;
  const outcome = deliveryLines(input.deliveries, input.moment.timezone);
  const outcomeHtml =
    outcome.length > 0
      ? `<p style="margin:0 0 8px"><strong>Quién recibió la alerta:</strong></p>
<ul style="margin:0 0 12px;padding-left:20px">${outcome.map((entry) => `<li style="margin:0 0 6px">${escapeHtml(entry)}</li>`).join('')}</ul>`
      : '';
  return contactMail(input, subject, {
    text: [
      line,
      ...whenLines(input.moment),
      ...(outcome.length > 0 ? ['', 'Quién recibió la alerta:', ...outcome.map((entry) => `- ${entry}`)] : []),
      '',
      `Si tienes dudas, llama a ${who} al ${input.person.phone}.`,
    ],
    html: `<p style="margin:0 0 12px">${escapeHtml(line)}</p>
${paragraphs(whenLines(input.moment))}
${outcomeHtml}
<p style="margin:0 0 12px">Si tienes dudas, llama a ${escapeHtml(who)} al ${escapeHtml(input.person.phone)}.</p>`,
  });
}

/** Acknowledgements first: they say who is acting. Times in the person's zone. */
function deliveryLines(deliveries: DeliveryLineInput[] | undefined, timezone: string): string[] {
  if (!deliveries) return [];
  const clock = (at: Date) => clockTime(at, timezone);
  const ordered = [...deliveries].sort((a, b) => Number(b.state === 'acknowledged') - Number(a.state === 'acknowledged'));
  const lines = ordered.map((entry) => deliveryLine({ ...entry, name: oneLine(entry.name) }, clock));
  if (!deliveries.some((entry) => entry.state === 'acknowledged')) lines.push('Nadie confirmó haber recibido la alerta.');
  return lines;
}
