import { TERMS_EFFECTIVE_DATE } from '#shared/constants.ts';

/**
 * The day the terms apply from, with the language's month names (January first)
 * in the language's order. Written out here rather than by the device's locale
 * data, which may lack the language (Haitian Creole) or differ between phones.
 */
export function termsEffectiveDate(
  months: readonly string[],
  write: (day: number, month: string, year: number) => string,
): string {
  const [year = 0, month = 1, day = 0] = TERMS_EFFECTIVE_DATE.split('-').map(Number);
  return write(day, months[month - 1] ?? '', year);
}
