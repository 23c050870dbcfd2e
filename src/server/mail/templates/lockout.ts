import { APP_NAME, SIGNIN_LOCKOUT_MAX_MS } from '#shared/constants.ts';
import { spanishWait } from '#shared/spanish-wait.ts';
import type { MailContent } from '../mail-content.ts';
import { escapeHtml } from './escape-html.ts';
import { htmlLayout } from './layout.ts';

/** Tells the owner of an account that someone is burning sign-in codes for it, and that nobody got in. */
export function lockoutMail(firstname: string, waitMs: number): MailContent {
  const wait = spanishWait(waitMs);
  const subject = 'Intentos fallidos de entrar a tu cuenta';
  const paragraphs = [
    `Alguien escribió varias veces un código de acceso incorrecto para entrar a ${APP_NAME} con tu correo. Por seguridad anulamos ese código: nadie entró a tu cuenta.`,
    `Podrás pedir un código nuevo dentro de ${wait}. Si vuelve a pasar, la espera será más larga, nunca más de ${spanishWait(SIGNIN_LOCKOUT_MAX_MS)}.`,
    'Si fuiste tú, espera y vuelve a intentarlo. Si no fuiste tú, no tienes que hacer nada: sin el código que llega a este correo nadie puede entrar. Cuida el acceso a tu correo.',
    'Tu botón SOS sigue funcionando en los teléfonos donde ya tienes la sesión abierta.',
  ];
  const text = [`Hola, ${firstname}:`, ...paragraphs].join('\n\n');
  const html = htmlLayout(
    subject,
    [`Hola, ${firstname}:`, ...paragraphs].map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`).join('\n'),
  );
  return { subject, text, html };
}
