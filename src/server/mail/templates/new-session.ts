import { formatMoment } from '#shared/alert-moment.ts';
import { APP_NAME } from '#shared/constants.ts';
import { es } from '#shared/contact-texts/es.ts';
import type { MailContent } from '../mail-content.ts';
import { escapeHtml } from './escape-html.ts';
import { htmlLayout } from './layout.ts';

export const NEW_SESSION_SUBJECT = 'Nuevo inicio de sesión en tu cuenta';

/**
 * 'jueves, 26 de noviembre de 2026, 9:15 (hora de Nueva York)': in the zone the person's phone
 * reported last; before it ever reported one (a new account), or a zone this server cannot read, universal time, said so in words.
 */
function momentOf(at: Date, timezone: string | undefined): string {
  if (timezone) {
    try {
      return formatMoment(at, timezone, es);
    } catch {
      // An unknown zone: the same moment in UTC below.
    }
  }
  return formatMoment(at, 'UTC', es);
}

/**
 * Tells the owner that a session was opened: on what (browser and system family)
 * and when, never where. A seized phone or a read mailbox becomes visible to the
 * owner, who can close every other session from the profile.
 */
export function newSessionMail(firstname: string, device: string, at: Date, timezone?: string): MailContent {
  const paragraphs = [
    `Se abrió una sesión nueva en ${APP_NAME} con tu correo: ${device}, el ${momentOf(at, timezone)}.`,
    'Si fuiste tú, no tienes que hacer nada.',
    'Si no fuiste tú, abre la aplicación en tu teléfono, ve a Perfil y pulsa «Cerrar las demás sesiones»: esa sesión dejará de funcionar al momento. Cuida el acceso a tu correo, porque con él se puede entrar.',
  ];
  const lines = [`Hola, ${firstname}:`, ...paragraphs];
  return {
    subject: NEW_SESSION_SUBJECT,
    text: lines.join('\n\n'),
    html: htmlLayout(
      NEW_SESSION_SUBJECT,
      lines.map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`).join('\n'),
    ),
  };
}
