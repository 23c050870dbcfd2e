import { isUniversalZone } from './zone-place.ts';

// How an alert's time and place read, the same in the e-mails (server) and on
// the contact's 'Lo tengo' page (client).

export type AlertPosition = { latitude: string; longitude: string };

/** What a moment needs of a contact catalogue (src/shared/contact-texts). */
export type MomentTexts = {
  locale: string;
  zoneSuffix: (zone: string) => string;
  /** In place of the suffix for universal time (a new account's first e-mail): never 'UTC' to a person. */
  universalTime: string;
  /** The language's own day and month names, where Intl has none (Haitian Creole). */
  calendar: { weekdays: readonly string[]; months: readonly string[] } | null;
};

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

/**
 * 'domingo, 1 de marzo de 2026, 7:00 (hora de Ciudad de México)': in the
 * person's own zone, named; `texts` is the reader's catalogue (its locale and
 * how it names the zone). `readerZone`: the reader's own zone where it is known
 * (a page in their browser); the same zone goes unsaid, it is their own clock.
 */
export function formatMoment(at: Date, timezone: string, texts: MomentTexts, readerZone?: string): string {
  const moment = texts.calendar
    ? namedMoment(at, timezone, texts.locale, texts.calendar)
    : formatter(
        `moment:${texts.locale}:${timezone}`,
        () => new Intl.DateTimeFormat(texts.locale, { timeZone: timezone, dateStyle: 'full', timeStyle: 'short' }),
      ).format(at);
  if (readerZone !== undefined && sameZone(readerZone, timezone)) return moment;
  const zone = timezone.replace(/_/g, ' ');
  return `${moment} ${isUniversalZone(zone) ? texts.universalTime : texts.zoneSuffix(zone)}`;
}

function sameZone(one: string, other: string): boolean {
  return one.toLowerCase() === other.toLowerCase() || (isUniversalZone(one) && isUniversalZone(other));
}

/** 'jedi 26 novanm 2026, 21:59': the numbers from Intl in the zone, the words from the catalogue. */
function namedMoment(
  at: Date,
  timezone: string,
  locale: string,
  calendar: NonNullable<MomentTexts['calendar']>,
): string {
  const format = formatter(
    `parts:${timezone}`,
    () =>
      new Intl.DateTimeFormat('en-US', {
        timeZone: timezone,
        weekday: 'short',
        year: 'numeric',
        month: 'numeric',
        day: 'numeric',
      }),
  );
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    format.formatToParts(at).find((entry) => entry.type === type)?.value ?? '';
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(part('weekday'));
  return `${calendar.weekdays[weekday] ?? ''} ${part('day')} ${calendar.months[Number(part('month')) - 1] ?? ''} ${part('year')}, ${clockTime(at, timezone, locale)}`;
}

/** '10:42' ('10:42 AM' for a US reader), in `timezone` (the device's own when none is given). */
export function clockTime(at: Date, timezone?: string, locale = 'es'): string {
  // '06:00' in Spanish (and Portuguese, Creole), '6:00 AM' (not '06:00 AM') in English.
  const hours = locale.startsWith('en')
    ? { hour: 'numeric' as const }
    : { hour: '2-digit' as const, hourCycle: 'h23' as const };
  const make = () => new Intl.DateTimeFormat(locale, { timeZone: timezone, minute: '2-digit', ...hours });
  // The device's own zone may change while a page is open: not cached.
  return (timezone ? formatter(`clock:${locale}:${timezone}`, make) : make()).format(at);
}

export function mapUrl({ latitude, longitude }: AlertPosition): string {
  return `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=17/${latitude}/${longitude}`;
}
