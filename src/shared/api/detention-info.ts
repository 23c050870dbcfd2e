import * as v from 'valibot';
import { countryCodeOf, isCountryCode } from '../countries.ts';

// 'Si me detienen': what the person's chosen contacts need to find and help them.
// Every field is optional and comes back exactly as stored. The server keeps it
// encrypted and puts it only into alert e-mails to the contacts the person chose.

export const DETENTION_FIELD_MAX_LENGTH = 200;

export const DETENTION_FIELDS = [
  'legal_name',
  'birth_date',
  'birth_country',
  'a_number',
  'consulate_phone',
  'lawyer_name',
  'lawyer_phone',
  'g28_signed',
  'children_pickup',
  'children_contact',
  'documents_location',
  'medicines',
] as const;
export type DetentionField = (typeof DETENTION_FIELDS)[number];

/** The form's labels (contacts read the fields in their own language: src/shared/contact-texts). */
export const DETENTION_FIELD_LABELS: Record<DetentionField, string> = {
  legal_name: 'Nombre legal completo',
  birth_date: 'Fecha de nacimiento',
  birth_country: 'País de nacimiento',
  a_number: 'Número A (A-number)',
  consulate_phone: 'Teléfono del consulado',
  lawyer_name: 'Nombre del abogado',
  lawyer_phone: 'Teléfono del abogado',
  // The form's number alone says nothing to most people: what it is comes first.
  g28_signed: '¿Tienes abogado con el formulario G-28 firmado? (el permiso para que te represente ante inmigración)',
  children_pickup: 'Quién recoge a los niños',
  children_contact: 'Cómo comunicarse con esa persona',
  documents_location: 'Dónde están los documentos',
  medicines: 'Medicinas',
};

export const detentionMessages = {
  tooLong: `Máximo ${DETENTION_FIELD_MAX_LENGTH} caracteres.`,
  birthDateInvalid: 'Escribe la fecha como AAAA-MM-DD, por ejemplo 1990-05-31.',
  aNumberInvalid: 'El número A tiene 8 o 9 números, con o sin la A delante (por ejemplo A-123-456-789 o 123456789).',
  phoneInvalid: 'El teléfono no es válido. Escríbelo con el código del país, por ejemplo +15551234567.',
  g28Invalid: "Elige 'Sí', 'No' o déjalo en blanco.",
  textInvalid: 'Escribe solo texto.',
  countryInvalid: 'Elige el país de la lista.',
  saved: 'Información guardada.',
  deleted: 'Información borrada.',
} as const;

const text = v.pipe(
  v.optional(v.string(detentionMessages.textInvalid), ''),
  v.trim(),
  v.maxLength(DETENTION_FIELD_MAX_LENGTH, detentionMessages.tooLong),
);

const isCalendarDate = (value: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
};

/**
 * An A-number as ICE's Online Detainee Locator takes it: 9 digits, no 'A',
 * an 8-digit one with a 0 in front ('A-123-456-789', 'A 12345678' and
 * '123456789' all become one form). Undefined when it is not an A-number.
 */
export function canonicalANumber(value: string): string | undefined {
  const digits = /^A?#?(\d{8,9})$/i.exec(value.replace(/[\s.\-–—]/g, ''))?.[1];
  return digits?.padStart(9, '0');
}

/** Same shape as the app's phone field (E.164), but optional; the phone input's lone dial code counts as empty. */
const optionalPhone = v.pipe(
  text,
  v.transform((value) => (/^\+\d{0,4}$/.test(value) ? '' : value)),
  v.check((value) => value === '' || /^\+[1-9]\d{7,14}$/.test(value), detentionMessages.phoneInvalid),
);

/** PUT /api/profile/detention-info, and the reply of GET and PUT. */
export const detentionInfoSchema = v.object({
  legal_name: text,
  birth_date: v.pipe(
    text,
    v.check((value) => value === '' || isCalendarDate(value), detentionMessages.birthDateInvalid),
  ),
  // A code from the list (src/shared/countries.ts); a country typed before the list reads as its
  // code when it is a known spelling, and as typed otherwise (never lost): see isAcceptedCountry.
  birth_country: v.pipe(
    text,
    v.transform((value) => countryCodeOf(value) ?? value),
  ),
  // Stored in the locator's form, so every contact reads exactly what to type.
  a_number: v.pipe(
    text,
    v.check((value) => value === '' || canonicalANumber(value) !== undefined, detentionMessages.aNumberInvalid),
    v.transform((value) => (value === '' ? '' : (canonicalANumber(value) ?? value))),
  ),
  consulate_phone: optionalPhone,
  lawyer_name: text,
  lawyer_phone: optionalPhone,
  g28_signed: v.pipe(
    v.optional(v.string(detentionMessages.g28Invalid), ''),
    v.picklist(['si', 'no', ''], detentionMessages.g28Invalid),
  ),
  children_pickup: text,
  children_contact: text,
  documents_location: text,
  medicines: text,
});
export type DetentionInfo = v.InferOutput<typeof detentionInfoSchema>;

/**
 * What PUT accepts for the country of birth: '' or a code of the list (a known spelling becomes
 * its code). `stored` is what is kept now: a country typed before the list, sent back unchanged,
 * stays as it was.
 */
export const isAcceptedCountry = (value: string, stored: string): boolean =>
  value === '' || isCountryCode(value) || value === stored;

export const EMPTY_DETENTION_INFO: DetentionInfo = {
  legal_name: '',
  birth_date: '',
  birth_country: '',
  a_number: '',
  consulate_phone: '',
  lawyer_name: '',
  lawyer_phone: '',
  g28_signed: '',
  children_pickup: '',
  children_contact: '',
  documents_location: '',
  medicines: '',
};
