// How an alert's time and place read, the same in the e-mails (server) and on
// the contact's 'Lo tengo' page (client).

export type AlertPosition = { latitude: string; longitude: string };

/** Where, when the phone could not share its position. */
export const POSITION_UNAVAILABLE = 'ubicación no disponible (el teléfono no pudo compartirla)';

// Making an Intl.DateTimeFormat costs about a millisecond (an alert's e-mails
// made one each); using one costs microseconds. Capped: a zone may come in any
// mix of upper and lower case.
const formatters = new Map<string, Intl.DateTimeFormat>();
const FORMATTERS_MAX = 1000;
function formatter(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let found = formatters.get(key);
  if (!found) {
    found = make();
    if (formatters.size < FORMATTERS_MAX) formatters.set(key, found);
  }
  return found;
}

/** 'domingo, 1 de marzo de 2026, 7:00 (hora de America/Mexico City)': in the person's own zone, named. */
export function formatMoment(at: Date, timezone: string): string {
  const format = formatter(`moment:${timezone}`, () => new Intl.DateTimeFormat('es', { timeZone: timezone, dateStyle: 'full', timeStyle: 'short' }));
  const text = format.format(at);
  return `${text} (hora de ${timezone.replace(/_/g, ' ')})`;
}

/** '10:42', in `timezone` (the device's own when none is given). */
export function clockTime(at: Date, timezone?: string): string {
  const make = () => new Intl.DateTimeFormat('es', { timeZone: timezone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  // The device's own zone may change while a page is open: not cached.
  return (timezone ? formatter(`clock:${timezone}`, make) : make()).format(at);
}

export function mapUrl({ latitude, longitude }: AlertPosition): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;
}
