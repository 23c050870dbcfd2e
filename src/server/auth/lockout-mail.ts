import { eq } from 'drizzle-orm';
import { APP_NAME, SIGNIN_LOCKOUT_MAX_MS } from '#shared/constants.ts';
import { spanishWait } from '#shared/spanish-wait.ts';
import type { Queryable } from '#server/db/client.ts';
import { users } from '#server/db/schema.ts';
import type { MailContent } from '#server/mail/mail-content.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { escapeHtml } from '#server/mail/templates/escape-html.ts';
import { htmlLayout } from '#server/mail/templates/layout.ts';
import { lockedForSeconds } from './lockout.ts';

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
  const html = htmlLayout(subject, [`Hola, ${firstname}:`, ...paragraphs].map((p) => `<p style="margin:0 0 12px">${escapeHtml(p)}</p>`).join('\n'));
  return { subject, text, html };
}

/**
 * After a burned code, queue the warning in the caller's transaction, to
 * registered addresses only (nobody else has an account to protect). The
 * caller's reply is the same either way, so this reveals nothing.
 */
export async function warnOfBurnedCode(tx: Queryable, email: string, now: Date): Promise<void> {
  const [user] = await tx.select({ id: users.id, firstname: users.firstname }).from(users).where(eq(users.email, email));
  if (!user) return;
  const seconds = (await lockedForSeconds(tx, email, now)) ?? 0;
  await enqueueMail(tx, 'signin-locked', email, lockoutMail(user.firstname.replace(/\s+/g, ' ').trim(), seconds * 1000), now, user.id);
}
