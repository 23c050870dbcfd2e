import { termsEffectiveDate } from './terms-date.ts';

// What the person's Spanish terms (terms-text.tsx) and a contact's (terms-text-contact-es.tsx) say alike:
// the line saying since when they apply, and the titles of the sections they share. Each writes its own
// paragraphs, to the one who presses (tú) or to the one who is told.

const MONTHS = 'enero febrero marzo abril mayo junio julio agosto septiembre octubre noviembre diciembre'.split(' ');

const effectiveDate = termsEffectiveDate(MONTHS, (day, month, year) => `${day} de ${month} de ${year}`);

export const SPANISH_EFFECTIVE = `Vigentes desde el ${effectiveDate}.`;

export const SPANISH_TITLES = {
  purpose: 'Para qué sirve este servicio',
  alert: 'Cómo funciona una alerta',
  contacts: 'Contactos de emergencia',
  delivery: 'Sin garantía de entrega',
  use: 'Uso responsable',
};
