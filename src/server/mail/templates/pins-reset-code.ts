import { APP_NAME, CODE_TTL_MS } from '#shared/constants.ts';
import type { MailContent } from '../mail-content.ts';
import { htmlLayout } from './layout.ts';

const minutes = CODE_TTL_MS / 60_000;

/** The code that deletes forgotten PINs, to the person (in Spanish, the person's language); in the subject as for sign-in codes. */
export function pinsResetCodeMail(code: string): MailContent {
  const subject = `Tu código para borrar tus PIN: ${code}`;
  const intro = `Pediste borrar los PIN de tu cuenta de ${APP_NAME}. Tu código es: ${code}`;
  const use = `Escríbelo en la aplicación, en tu perfil. El código vence en ${minutes} minutos. Después podrás elegir PIN nuevos.`;
  const ignore = 'Si no lo pediste, ignora este correo: tus PIN siguen como estaban.';
  const text = ['Hola:', '', intro, '', use, '', ignore].join('\n');
  const html = htmlLayout(
    subject,
    `<p style="margin:0 0 12px">Hola:</p>
<p style="margin:0 0 12px">Pediste borrar los PIN de tu cuenta de ${APP_NAME}. Tu código es:</p>
<p style="margin:0 0 16px;font-size:32px;font-weight:bold;letter-spacing:8px">${code}</p>
<p style="margin:0 0 12px">${use}</p>
<p style="margin:0;color:#52525b">${ignore}</p>`,
  );
  return { subject, text, html };
}
