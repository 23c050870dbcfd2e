import type { Language } from './language.ts';

// The country of birth: ICE's Online Detainee Locator asks for it from its own list, in
// English, with the A-number or the name. The person picks it from a list in Spanish; what is
// stored is a stable ISO 3166-1 alpha-2 code (XK for Kosovo, as the EU and CLDR write it); each
// contact reads the country in their language and, for the locator, the English name to pick.
// Names in Spanish, English and Portuguese come from the runtime's CLDR (Intl.DisplayNames);
// CLDR has no Haitian Creole: the commonest countries have a Creole name here, the rest read
// as French names, the language Creole takes its words from (docs/contact-languages.md).

/** Every country a person may have been born in (ISO 3166-1 alpha-2, uninhabited territories left out). */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BW BY BZ ' +
  'CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ EC EE EG EH ER ES ET FI FJ FK ' +
  'FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GT GU GW GY HK HN HR HT HU ID IE IL IM IN IQ IR IS IT ' +
  'JE JM JO JP KE KG KH KI KM KN KP KR KW KY KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML ' +
  'MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM ' +
  'PN PR PS PT PW PY QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD ' +
  'TG TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ZM ZW'
).split(' ');

/** Where most of the people we serve were born: first in the person's list, in this order. */
export const COMMON_COUNTRY_CODES = [
  'MX',
  'GT',
  'HN',
  'SV',
  'VE',
  'CO',
  'EC',
  'BR',
  'HT',
  'CU',
  'NI',
  'DO',
  'IN',
  'CN',
  'PE',
  'JM',
  'RU',
  'MR',
  'SN',
] as const;

/** Haitian Creole names (standard orthography); a country not here reads in French. Not yet read by a native speaker. */
const CREOLE_NAMES: Partial<Record<string, string>> = {
  MX: 'Meksik',
  GT: 'Gwatemala',
  HN: 'Ondiras',
  SV: 'Salvadò',
  VE: 'Venezyela',
  CO: 'Kolonbi',
  EC: 'Ekwatè',
  BR: 'Brezil',
  HT: 'Ayiti',
  CU: 'Kiba',
  NI: 'Nikaragwa',
  DO: 'Repiblik Dominikèn',
  IN: 'Lend',
  CN: 'Lachin',
  PE: 'Pewou',
  JM: 'Jamayik',
  RU: 'Larisi',
  MR: 'Moritani',
  SN: 'Senegal',
  US: 'Etazini',
  CA: 'Kanada',
  FR: 'Lafrans',
  CL: 'Chili',
  AR: 'Ajantin',
  BO: 'Bolivi',
  PA: 'Panama',
  CR: 'Kosta Rika',
  BS: 'Bahamas',
  TT: 'Trinidad ak Tobago',
  DM: 'Dominik',
};

/**
 * The locator's list uses plain US-government English: CLDR's short forms ('Congo - Kinshasa',
 * 'St. Lucia', 'Türkiye') read differently there. Rules below cover '&', 'St.' and accents.
 */
const LOCATOR_NAMES: Partial<Record<string, string>> = {
  CD: 'Democratic Republic of the Congo',
  CG: 'Republic of the Congo',
  CI: "Cote d'Ivoire",
  CZ: 'Czech Republic',
  HK: 'Hong Kong',
  MM: 'Burma',
  MO: 'Macau',
  TR: 'Turkey',
  VC: 'Saint Vincent and the Grenadines',
};

const KNOWN: ReadonlySet<string> = new Set(COUNTRY_CODES);

export const isCountryCode = (value: string): boolean => KNOWN.has(value);

const displayNames = new Map<string, Intl.DisplayNames>();
function nameIn(locale: string, code: string): string {
  let names = displayNames.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    displayNames.set(locale, names);
  }
  return names.of(code) ?? code;
}

const withoutAccents = (value: string) => value.normalize('NFD').replace(/\p{M}/gu, '');

/** The country as a reader of `language` names it: 'México', 'Mexico', 'Meksik'. */
export function countryName(code: string, language: Language): string {
  if (language === 'ht') return CREOLE_NAMES[code] ?? nameIn('fr', code);
  // An English reader reads the locator's own name ('Democratic Republic of the Congo', not CLDR's 'Congo - Kinshasa').
  if (language === 'en') return locatorCountryName(code);
  return nameIn(language, code);
}

/** The exact English name to pick in the locator's 'Country of Birth' list. */
export function locatorCountryName(code: string): string {
  return (
    LOCATOR_NAMES[code] ??
    withoutAccents(nameIn('en', code))
      .replace(/’/g, "'")
      .replace(/ & /g, ' and ')
      .replace(/^St\. /, 'Saint ')
  );
}

/** The person's list: the commonest countries first, then every other one in Spanish alphabetical order. */
export function countryChoices(): { code: string; name: string }[] {
  const common: readonly string[] = COMMON_COUNTRY_CODES;
  const collator = new Intl.Collator('es');
  const rest = COUNTRY_CODES.filter((code) => !common.includes(code))
    .map((code) => ({ code, name: countryName(code, 'es') }))
    .sort((a, b) => collator.compare(a.name, b.name));
  return [...common.map((code) => ({ code, name: countryName(code, 'es') })), ...rest];
}

/** What people typed before the list, as a key: no accents, case, spaces or punctuation. */
const spellingKey = (value: string) =>
  withoutAccents(value)
    .toLowerCase()
    .replace(/[^a-z]/g, '');

/** Spellings CLDR does not give that people write for the countries most of our users come from. */
const OTHER_SPELLINGS: Record<string, string> = {
  eeuu: 'US',
  eua: 'US',
  usa: 'US',
  estadosunidosdeamerica: 'US',
  unitedstatesofamerica: 'US',
  repdominicana: 'DO',
  republicadominicana: 'DO',
  rd: 'DO',
  guate: 'GT',
  salvador: 'SV',
  mejico: 'MX',
  brazil: 'BR',
  haiti: 'HT',
};

let spellings: Map<string, string> | undefined;
function knownSpellings(): Map<string, string> {
  if (!spellings) {
    spellings = new Map(Object.entries(OTHER_SPELLINGS));
    for (const code of COUNTRY_CODES) {
      for (const name of [
        nameIn('es', code),
        nameIn('en', code),
        nameIn('pt', code),
        nameIn('fr', code),
        locatorCountryName(code),
        CREOLE_NAMES[code] ?? '',
      ]) {
        const key = spellingKey(name);
        if (key.length > 2 && !spellings.has(key)) spellings.set(key, code);
      }
    }
  }
  return spellings;
}

/**
 * The code of a stored country of birth: a code stays itself, a country typed before the list
 * ('México', 'mexico', 'Haiti') becomes its code, anything else undefined (shown as typed).
 */
export function countryCodeOf(value: string): string | undefined {
  if (isCountryCode(value)) return value;
  return knownSpellings().get(spellingKey(value));
}
