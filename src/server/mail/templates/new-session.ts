import { APP_NAME } from '#shared/constants.ts';
import type { MailContent } from '../mail-content.ts';
import { escapeHtml } from './escape-html.ts';
import { htmlLayout } from './layout.ts';

export const NEW_SESSION_SUBJECT = 'Nuevo inicio de sesión en tu cuenta';

// The server does not know the person's zone at sign-in, so the time says which one it is in.
const utcMoment = new Intl.DateTimeFormat('es', { timeZone: 'UTC', dateStyle: 'full', timeStyle: 'short' });

/**
 * Tells the owner that a session was opened: on what (browser and system family)
 * and when, never where. A seized phone or a read mailbox becomes visible to the
 * owner, who can close every other session from the profile.
 */
export function newSessionMail(firstname: string, device: string, at: Date): MailContent {
  const paragraphs = [
    `Se abrió una sesión nueva en ${APP_NAME} con tu correo: ${device}, el ${utcMoment.format(at)} (hora UTC).`,
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
