import { APP_NAME } from '#shared/constants.ts';
import { practiceNotice } from '#shared/delivery-texts.ts';
import type { MailContent } from '../mail-content.ts';
import { contactMail, oneLine, paragraphs, whenLines, whereHtml, whereLines, type AlertMailInput } from './alert-mails.ts';
import { escapeHtml } from './escape-html.ts';

export const PRACTICE_MARK = 'PRUEBA';

/**
 * A practice alert: the same facts as a real one, so the contact sees
 * what a real alert looks like, but PRUEBA in the subject and as the very first
 * line, and nothing to do except 'Lo tengo'.
 */
export function practiceMail(input: AlertMailInput): MailContent {
  const who = oneLine(input.person.name);
  const subject = `${PRACTICE_MARK}: alerta de prueba de ${who} (no es una emergencia)`;
  const first = practiceNotice(who);
  const about = `${who} está probando ${APP_NAME} para comprobar que sus alertas te llegan. Si algún día fuera una emergencia real, el correo diría «ALERTA SOS» en el asunto.`;
  return contactMail(input, subject, {
    before: {
      text: [first, ''],
      html: `<p style="margin:0 0 16px;padding:12px;background:#fef9c3;border-radius:6px;font-size:18px"><strong>${escapeHtml(first)}</strong></p>`,
    },
    text: [about, '', ...whenLines(input.moment), ...whereLines(input.position)],
    html: `<p style="margin:0 0 12px">${escapeHtml(about)}</p>
${paragraphs(whenLines(input.moment))}
${whereHtml(input.position)}`,
  });
}
