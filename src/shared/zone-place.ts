// A time zone as a person names it in their language: the place, not the database's
// 'America/New_York'. Names for the zones our users and their families live in; any
// other zone gives its own place name.

export type ZonePlaces = Readonly<Record<string, string>>;

export const PLACES_ES: ZonePlaces = {
  'New York': 'Nueva York',
  'Mexico City': 'Ciudad de México',
  'Los Angeles': 'Los Ángeles',
  Havana: 'La Habana',
  Bogota: 'Bogotá',
  Panama: 'Panamá',
  'Puerto Rico': 'Puerto Rico',
  Cancun: 'Cancún',
  Merida: 'Mérida',
  Mazatlan: 'Mazatlán',
  'Sao Paulo': 'São Paulo',
  'Port-au-Prince': 'Puerto Príncipe',
};

export const PLACES_EN: ZonePlaces = {
  Bogota: 'Bogotá',
  Cancun: 'Cancún',
  Merida: 'Mérida',
  Mazatlan: 'Mazatlán',
  'Sao Paulo': 'São Paulo',
};

export const PLACES_PT: ZonePlaces = {
  'New York': 'Nova York',
  'Mexico City': 'Cidade do México',
  Havana: 'Havana',
  Bogota: 'Bogotá',
  Panama: 'Panamá',
  'Puerto Rico': 'Porto Rico',
  Cancun: 'Cancún',
  Merida: 'Mérida',
  Mazatlan: 'Mazatlán',
  'Sao Paulo': 'São Paulo',
  'Port-au-Prince': 'Porto Príncipe',
};

// Only the names a Creole reader writes differently; the rest stay as the zone names them.
export const PLACES_HT: ZonePlaces = {
  'New York': 'Nouyòk',
  'Puerto Rico': 'Pòtoriko',
  'Port-au-Prince': 'Pòtoprens',
};

// 'UTC', 'Etc/UTC', 'GMT' and the like name no place: a person never reads them (see universalTime in the catalogues).
const UNIVERSAL = /^(etc\/)?(utc|uct|gmt|universal|zulu|greenwich)([+-]?0)?$/i;

/** Whether a zone is universal time, which names no place a person knows. */
export function isUniversalZone(zone: string): boolean {
  return UNIVERSAL.test(zone.trim());
}

/** 'America/New_York' or 'America/New York' -> 'Nueva York' with PLACES_ES. */
export function zonePlace(zone: string, places: ZonePlaces): string {
  const place = (zone.split('/').at(-1) ?? zone).replace(/_/g, ' ');
  return places[place] ?? place;
}

export const zonePlaceEs = (zone: string): string => zonePlace(zone, PLACES_ES);
