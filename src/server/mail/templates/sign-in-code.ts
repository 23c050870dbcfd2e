import { APP_NAME, CODE_TTL_MS } from '#shared/constants.ts';
import type { MailContent } from '../mail-content.ts';
import { htmlLayout } from './layout.ts';

const minutes = CODE_TTL_MS / 60_000;

/** The code sits in the subject so that it shows in the notification without opening the e-mail. */
export function signInCodeMail(code: string): MailContent {
  const subject = `Tu código de acceso: ${code}`;
  const text = [
    'Hola:',
    '',
    `Tu código de acceso a ${APP_NAME} es: ${code}`,
    '',
    `Escríbelo en la aplicación para entrar. El código vence en ${minutes} minutos.`,
    '',
    'Si no pediste este código, puedes ignorar este correo: nadie podrá entrar a tu cuenta sin él.',
  ].join('\n');
  const html = htmlLayout(
    subject,
    `<p style="margin:0 0 12px">Hola:</p>
<p style="margin:0 0 12px">Tu código de acceso es:</p>
<p style="margin:0 0 16px;font-size:32px;font-weight:bold;letter-spacing:8px">${code}</p>
<p style="margin:0 0 12px">Escríbelo en la aplicación para entrar. El código vence en ${minutes} minutos.</p>
<p style="margin:0;color:#52525b">Si no pediste este código, puedes ignorar este correo: nadie podrá entrar a tu cuenta sin él.</p>`,
  );
  return { subject, text, html };
}
