// What the person reads once the server has their end (docs/decisions/049): whether the alert
// had left for their contacts before it ended. The same words after the real PIN and the duress
// PIN: the end's reply is the same for both (a duress end reports what a real end would have).

import { CONTACTS_TOLD, type ContactsTold } from './alert-status.ts';

export { CONTACTS_TOLD, type ContactsTold };

/** What an ended alert's news is on the wire: in the end's reply and, until read, in the person's status. */
export type EndNews = { alert_id: string; contacts_told: ContactsTold };

/**
 * Two lines at most on a 360 px phone, so that home, which shows them above its SOS button, still
 * has 'Avísales si no vuelvo' whole on its first screen (docs/decisions/062).
 */
export const endNewsTexts: Record<ContactsTold, string> = {
  none: 'Tu alerta terminó antes de enviarse: nadie la recibió.',
  some: 'Tu alerta terminó. Quienes la recibieron ya lo saben.',
  all: 'Tu alerta terminó. Tus contactos ya lo saben.',
};

export function isContactsTold(value: unknown): value is ContactsTold {
  return typeof value === 'string' && (CONTACTS_TOLD as readonly string[]).includes(value);
}
