import type { DeliveryState } from './api/deliveries.ts';

// What the person reads about each contact's e-mail: on the alert and practice
// screens, and in the e-mail that ends an alert (so the family knows who is acting).

export type DeliveryLineInput = {
  name: string;
  state: DeliveryState;
  sentAt: Date | null;
  acknowledgedAt: Date | null;
};

/** The words of a delivery line, once per language (the contacts' catalogues reuse the Spanish ones). */
export type DeliveryTexts = {
  deliveryAcknowledged: (name: string) => string;
  deliveryAcknowledgedAt: (name: string, time: string) => string;
  deliverySent: (name: string) => string;
  deliverySentAt: (name: string, time: string) => string;
  deliveryPending: (name: string) => string;
  deliveryRetrying: (name: string) => string;
  deliveryFailed: (name: string) => string;
  deliveryCancelled: (name: string) => string;
};

export const spanishDeliveryTexts: DeliveryTexts = {
  deliveryAcknowledged: (name) => `Recibida por ${name}`,
  deliveryAcknowledgedAt: (name, time) => `Recibida por ${name} (${time})`,
  deliverySent: (name) => `Enviada a ${name}, sin confirmar todavía`,
  deliverySentAt: (name, time) => `Enviada a ${name} (${time}), sin confirmar todavía`,
  deliveryPending: (name) => `Enviando a ${name}…`,
  deliveryRetrying: (name) => `No se pudo enviar a ${name} todavía; lo seguimos intentando`,
  deliveryFailed: (name) => `No se pudo enviar a ${name}`,
  deliveryCancelled: (name) => `No se envió a ${name}: la alerta terminó antes de que saliera`,
};

/** One contact's line; `clock` turns a moment into '10:42' in the reader's time zone. */
export function deliveryLine(
  { name, state, sentAt, acknowledgedAt }: DeliveryLineInput,
  clock: (at: Date) => string,
  texts: DeliveryTexts = spanishDeliveryTexts,
): string {
  switch (state) {
    case 'acknowledged':
      return acknowledgedAt
        ? texts.deliveryAcknowledgedAt(name, clock(acknowledgedAt))
        : texts.deliveryAcknowledged(name);
    case 'sent':
      return sentAt ? texts.deliverySentAt(name, clock(sentAt)) : texts.deliverySent(name);
    case 'pending':
      return texts.deliveryPending(name);
    case 'retrying':
      return texts.deliveryRetrying(name);
    case 'failed':
      return texts.deliveryFailed(name);
    case 'cancelled':
      return texts.deliveryCancelled(name);
  }
}

/** Beside a contact's e-mail line, once a phone notification reached their phone's push service. */
export const PUSH_DELIVERED = 'Aviso entregado';

/** On the person's alert screen once someone at the firm took the alert at its desk. */
export const firmAttendingText = (firm: string) => `${firm} está atendiendo tu alerta`;
