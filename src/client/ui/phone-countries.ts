import { defaultCountries, parseCountry, type CountryData, type CountryIso2 } from 'react-international-phone';

/**
 * The phones of our users and their families, first in the phone field's list, in this order:
 * the United States (where they live, and the field's default), then the countries they come from;
 * every other country follows in Spanish alphabetical order. The default among them keeps the list
 * opening at its top: the library scrolls it to the chosen country, which opened it at 'Egipto'.
 */
export const COMMON_COUNTRIES: CountryIso2[] = ['us', 'mx', 'gt', 'hn', 'sv', 've', 'co', 'cu', 'do', 'ec', 'ni'];

// The library names countries in English; the browser names them in Spanish
// ('México', 'España', 'República Dominicana'), and keeps the English name if it cannot.
const spanishNames =
  typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['es'], { type: 'region' }) : undefined;

function inSpanish(country: CountryData): CountryData {
  const { iso2, name } = parseCountry(country);
  const spanish = spanishNames?.of(iso2.toUpperCase());
  const renamed = [...country] as typeof country;
  renamed[0] = spanish && spanish !== iso2.toUpperCase() ? spanish : name;
  return renamed;
}

/** Every country of the library, named in Spanish, in Spanish alphabetical order. */
export const PHONE_COUNTRIES: CountryData[] = defaultCountries
  .map(inSpanish)
  .sort((a, b) => a[0].localeCompare(b[0], 'es'));
