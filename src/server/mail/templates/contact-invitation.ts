import { APP_NAME, CONTACT_LINK_TTL_MS } from '#shared/constants.ts';
import type { MailContent } from '../mail-content.ts';
import { escapeHtml } from './escape-html.ts';
import { htmlLayout } from './layout.ts';

const days = CONTACT_LINK_TTL_MS / (24 * 60 * 60_000);

export type InvitationMailInput = {
  /** The full name of the person who added the contact. */
  userName: string;
  contactFirstname: string;
  verifyUrl: string;
  unsubscribeUrl: string;
};

/** Names come from people's input: one line in the subject, escaped in HTML. */
const oneLine = (value: string) => value.replace(/\s+/g, ' ').trim();

/** Asks a new contact to accept: who asked, what accepting means, the link, and how to never hear from us again. */
export function contactInvitationMail(input: InvitationMailInput): MailContent {
  const who = oneLine(input.userName);
  const name = oneLine(input.contactFirstname);
  const subject = `${who} te agregó como contacto de emergencia`;
  const text = [
    `Hola, ${name}:`,
    '',
    `${who} te agregó como contacto de emergencia en ${APP_NAME}, una aplicación de seguridad personal para personas inmigrantes.`,
    '',
    `Si aceptas, cada vez que ${who} presione el botón SOS te enviaremos un correo con su ubicación (cuando esté disponible) y la hora de la alerta, para que puedas ayudar.`,
    '',
    'Para aceptar, abre este enlace, lee los términos y condiciones y presiona «Aceptar»:',
    input.verifyUrl,
    '',
    `El enlace sirve una sola vez y vence en ${days} días. Si no conoces a esta persona o no quieres ser su contacto, ignora este correo: sin tu aceptación no recibirás sus alertas.`,
    '',
    `Si no quieres recibir más correos de ${who}, abre este enlace:`,
    input.unsubscribeUrl,
  ].join('\n');
  const whoHtml = escapeHtml(who);
  const html = htmlLayout(
    subject,
    `<p style="margin:0 0 12px">Hola, ${escapeHtml(name)}:</p>
<p style="margin:0 0 12px"><strong>${whoHtml}</strong> te agregó como contacto de emergencia en ${escapeHtml(APP_NAME)}, una aplicación de seguridad personal para personas inmigrantes.</p>
<p style="margin:0 0 12px">Si aceptas, cada vez que ${whoHtml} presione el botón SOS te enviaremos un correo con su ubicación (cuando esté disponible) y la hora de la alerta, para que puedas ayudar.</p>
<p style="margin:0 0 16px">Para aceptar, abre el enlace, lee los términos y condiciones y presiona «Aceptar».</p>
<p style="margin:0 0 16px"><a href="${escapeHtml(input.verifyUrl)}" style="display:inline-block;padding:12px 20px;background:#b91c1c;color:#ffffff;border-radius:6px;text-decoration:none;font-weight:bold">Ver la invitación</a></p>
<p style="margin:0 0 12px;color:#52525b">El enlace sirve una sola vez y vence en ${days} días. Si no conoces a esta persona o no quieres ser su contacto, ignora este correo: sin tu aceptación no recibirás sus alertas.</p>
<p style="margin:0;font-size:12px;color:#71717a"><a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#71717a">No quiero recibir más correos de ${whoHtml}</a></p>`,
  );
  return { subject, text, html };
}
