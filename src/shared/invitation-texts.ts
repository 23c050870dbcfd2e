// What a person reads about an invitation the limits held back: the same words in
// the API's replies (the wait, 'dentro de 40 minutos') and on the contact's card
// and page (the moment, in the phone's own time).

import { INVITATION_PENDING } from './invitation-pending.ts';
import { spanishWait } from './spanish-wait.ts';

const WHY = 'Por seguridad enviamos un número limitado de invitaciones por hora y por día.';

/** 'dentro de 40 minutos'. */
export const inWait = (until: Date, now: Date) =>
  `dentro de ${spanishWait(Math.max(until.getTime() - now.getTime(), 1))}`;

/** 'el miércoles, 25 de noviembre, a las 15:00', in the device's zone. */
export function atMoment(until: Date): string {
  const day = new Intl.DateTimeFormat('es', { weekday: 'long', day: 'numeric', month: 'long' }).format(until);
  const time = new Intl.DateTimeFormat('es', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(until);
  return `el ${day}, a las ${time}`;
}

/** A saved contact whose invitation leaves later; `when` is inWait or atMoment. */
export const invitationPendingNotice = (when: string) =>
  `${INVITATION_PENDING}. ${WHY} Guardamos el contacto y le enviaremos la invitación automáticamente ${when}; no tienes que hacer nada.`;

/** 'Reenviar' while the limits are full. */
export const invitationResendLater = (when: string) => `${WHY} Podrás reenviar la invitación ${when}.`;

/** 'Reenviar' while the first invitation still waits its turn. */
export const invitationAlreadyScheduled = (when: string) =>
  `La invitación ya está programada: la enviaremos automáticamente ${when}.`;
