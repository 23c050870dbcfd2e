import type { DeliveryState } from './api/deliveries.ts';

// What the person reads about each contact's e-mail: on the alert and practice
// screens, and in the e-mail that ends an alert (so the family knows who is acting).

export type DeliveryLineInput = { name: string; state: DeliveryState; sentAt: Date | null; acknowledgedAt: Date | null };

/** One contact's line; `clock` turns a moment into '10:42' in the reader's time zone. */
export function deliveryLine({ name, state, sentAt, acknowledgedAt }: DeliveryLineInput, clock: (at: Date) => string): string {
  switch (state) {
    case 'acknowledged':
      return acknowledgedAt ? `Recibida por ${name} (${clock(acknowledgedAt)})` : `Recibida por ${name}`;
    case 'sent':
      return sentAt ? `Enviada a ${name} (${clock(sentAt)}), sin confirmar todavía` : `Enviada a ${name}, sin confirmar todavía`;
    case 'pending':
      return `Enviando a ${name}…`;
    case 'retrying':
      return `No se pudo enviar a ${name} todavía; lo seguimos intentando`;
    case 'failed':
      return `No se pudo enviar a ${name}`;
  }
}

/** Beside a contact's e-mail line, once a phone notification reached their phone's push service. */
export const PUSH_DELIVERED = 'Aviso entregado';

/** On a contact's card and page: their phones with alert notifications on (Web Push). */
export function pushPhonesText(phones: number): string {
  return phones === 1 ? 'Avisos activados en su teléfono' : `Avisos activados en ${phones} teléfonos`;
}

export const NOBODY_ACKNOWLEDGED_YET = 'Nadie ha confirmado todavía que recibió tu alerta.';

/** The first line of a practice alert's e-mail and of its 'Lo tengo' page. */
export function practiceNotice(who: string): string {
  return `PRUEBA: esto es solo una prueba. ${who} no está en riesgo.`;
}
