import type { MailContent } from '../mail-content.ts';
import { contactMail, oneLine, paragraphs, whenLines, whereHtml, whereLines, type AlertMailInput } from './alert-mails.ts';
import { escapeHtml } from './escape-html.ts';

/**
 * Nobody has acknowledged an alert that is still on: the same facts
 * again, the latest position, and the 'Lo tengo' link. `minutes` since the press.
 */
export function reminderMail(input: AlertMailInput & { minutes: number }): MailContent {
  const who = oneLine(input.person.name);
  const subject = `Recordatorio: ${who} sigue en riesgo y nadie ha confirmado su alerta SOS`;
  const line = `Hace ${input.minutes} minutos ${who} presionó el botón SOS y todavía nadie confirmó que recibió la alerta.`;
  const todo = `Llama ahora a ${who} al ${input.person.phone}. Si no contesta, avisa a su familia y a su abogado o a la organización que le acompaña.`;
  return contactMail(input, subject, {
    text: [line, '', ...whenLines(input.moment), ...whereLines(input.position), '', todo],
    html: `<p style="margin:0 0 16px;font-size:18px">${escapeHtml(line)}</p>
${paragraphs(whenLines(input.moment))}
${whereHtml(input.position)}
<p style="margin:0 0 12px"><strong>${escapeHtml(todo)}</strong></p>`,
  });
}
