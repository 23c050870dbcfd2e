// What the person reads once the server has their end (docs/decisions/049): whether the alert
// had left for their contacts before it ended. The same words after the real PIN and the duress
// PIN: the end's reply is the same for both (a duress end reports what a real end would have).

/**
 * How far the alert had gone when it ended, as the end's reply says (`contacts_told`):
 * - none: it ended before it left for anybody; nobody hears of it, not even its end;
 * - some: it had left for some contacts (they are told it ended), the others hear nothing;
 * - all: it had left for every contact; they are all told it ended.
 * Absent when the alert had nobody to tell, or nothing was ended.
 */
export const CONTACTS_TOLD = ['none', 'some', 'all'] as const;
export type ContactsTold = (typeof CONTACTS_TOLD)[number];

export const endNewsTexts: Record<ContactsTold, string> = {
  none: 'Tu alerta terminó antes de enviarse: tus contactos no recibieron nada.',
  some: 'Tu alerta terminó cuando ya había salido para algunos de tus contactos: a ellos les avisamos que terminó. Los demás no recibieron nada.',
  all: 'Tu alerta terminó. Tus contactos ya la habían recibido: también les avisamos que terminó.',
};

export function isContactsTold(value: unknown): value is ContactsTold {
  return typeof value === 'string' && (CONTACTS_TOLD as readonly string[]).includes(value);
}
