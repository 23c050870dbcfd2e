// A time zone as a person names it in Spanish: the place, not the database's
// 'America/New_York'. Spanish names for the zones our users and their families
// live in; any other zone gives its own place name.
const SPANISH_PLACES: Record<string, string> = {
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

/** 'America/New_York' or 'America/New York' -> 'Nueva York'; 'UTC' stays 'UTC'. */
export function zonePlaceEs(zone: string): string {
  const place = (zone.split('/').at(-1) ?? zone).replace(/_/g, ' ');
  return SPANISH_PLACES[place] ?? place;
}
