import { CODE_TTL_MS } from '#shared/constants.ts';
import type { MailContent } from '../mail-content.ts';
import { escapeHtml } from './escape-html.ts';
import { htmlLayout } from './layout.ts';

const minutes = CODE_TTL_MS / 60_000;

/**
 * To an address on the firm's desk team that has no passkey yet: the code that enrols its first
 * one. In the subject, as the sign-in code, so it shows in the notification.
 */
export function staffInviteMail(code: string, firmName: string, deskUrl: string): MailContent {
  const subject = `Tu código para el escritorio de ${firmName}: ${code}`;
  const intro = `Te dieron acceso al escritorio de alertas de ${firmName}. Tu código es: ${code}`;
  const use = `Abre ${deskUrl}, escribe tu correo y este código, y registra una llave de acceso (la huella, la cara o el PIN de tu dispositivo). El código vence en ${minutes} minutos; si vence, pide otro en la misma página.`;
  const after = 'Después entrarás siempre con la llave de acceso: el código solo sirve para registrar la primera.';
  const ignore = 'Si no esperabas este correo, ignóralo: sin el código nadie puede registrar una llave con tu correo.';
  const text = ['Hola:', '', intro, '', use, '', after, '', ignore].join('\n');
  const firm = escapeHtml(firmName);
  const link = escapeHtml(deskUrl);
  const html = htmlLayout(
    subject,
    `<p style="margin:0 0 12px">Hola:</p>
<p style="margin:0 0 12px">Te dieron acceso al escritorio de alertas de ${firm}. Tu código es:</p>
<p style="margin:0 0 16px;font-size:32px;font-weight:bold;letter-spacing:8px">${code}</p>
<p style="margin:0 0 12px">Abre <a href="${link}">${link}</a>, escribe tu correo y este código, y registra una llave de acceso (la huella, la cara o el PIN de tu dispositivo). El código vence en ${minutes} minutos; si vence, pide otro en la misma página.</p>
<p style="margin:0 0 12px">${after}</p>
<p style="margin:0;color:#52525b">${ignore}</p>`,
  );
  return { subject, text, html };
}
