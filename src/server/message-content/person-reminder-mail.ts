import { clockTime } from '#shared/alert-moment.ts';
import { CHECK_IN_PURPOSE_LABELS, type CheckInPurpose } from '#shared/api/check-ins.ts';
import type { MailContent } from '#server/mail/mail-content.ts';
import { escapeHtml } from '#server/mail/templates/escape-html.ts';
import { htmlLayout } from '#server/mail/templates/layout.ts';

/** To the person, in Spanish: the deadline is near; 'Estoy bien' or 'Necesito más tiempo', or the contacts are told. */
export function checkInReminderMail(input: {
  firstname: string;
  purpose: string;
  dueAt: Date;
  fireAt: Date;
  timezone: string;
}): MailContent {
  const label = CHECK_IN_PURPOSE_LABELS[input.purpose as CheckInPurpose] ?? CHECK_IN_PURPOSE_LABELS.otro;
  const due = clockTime(input.dueAt, input.timezone, 'es');
  const fire = clockTime(input.fireAt, input.timezone, 'es');
  const subject = `Tu aviso termina a las ${due}: ¿estás bien?`;
  const lines = [
    `Hola, ${input.firstname.replace(/\s+/g, ' ').trim()}:`,
    `Tu aviso «${label}» termina a las ${due}.`,
    'Si estás bien, abre la aplicación y toca «Estoy bien». Si necesitas más tiempo, toca «Necesito más tiempo».',
    `Si no lo haces, a las ${fire} avisaremos a tus contactos de emergencia.`,
  ];
  return {
    subject,
    text: lines.join('\n\n'),
    html: htmlLayout(subject, lines.map((line) => `<p style="margin:0 0 12px">${escapeHtml(line)}</p>`).join('\n')),
  };
}
