import { CHECK_IN_PURPOSES } from '#shared/api/check-ins.ts';
import { DETENTION_FIELDS } from '#shared/api/detention-info.ts';
import { APP_NAME } from '#shared/constants.ts';
import { contactTexts, type ContactTexts } from '#shared/contact-texts/index.ts';
import { LANGUAGES, type Language } from '#shared/language.ts';
import { pushTexts, type PushTexts } from '#shared/push-texts.ts';

// Which words give a language away, taken from the catalogues themselves (every key of
// the contact catalogue and of the phone notifications' texts): every fixed piece of
// every text (a function's text between its arguments), at least four characters long,
// that the reader's own catalogue does not also have. A mail or page that contains a
// piece of another catalogue has a text left untranslated. Texts the same in two
// languages ('Mapa:', 'latitude', 'Alerta SOS') belong to both, so they never count.

const HOLE = '\u0000';
const MIN_LENGTH = 4;
/** Locale codes are not prose; the calendar's names are read through the dates below. */
const SKIPPED = new Set(['locale', 'htmlLang', 'calendar']);

/**
 * The texts a key looks up by a value it is given (a packet field, a check-in's purpose): read for
 * each value it knows, since called with a blank it gives nothing but its fallback.
 */
export const LOOKUPS: Partial<Record<keyof ContactTexts, readonly string[]>> = {
  packetLabel: DETENTION_FIELDS,
  checkInPurpose: CHECK_IN_PURPOSES,
};

/** Every text a catalogue's key gives: a function's with blanks for its arguments, an object's each value. */
export function keyTexts(key: string, value: unknown): string[] {
  const lookup = LOOKUPS[key as keyof ContactTexts];
  if (lookup) return lookup.map((argument) => (value as (argument: string) => string)(argument));
  if (typeof value === 'function')
    return [(value as (...args: string[]) => string)(...Array<string>(value.length).fill(HOLE))];
  if (typeof value === 'object' && value !== null) return Object.values(value).map(String);
  return [String(value)];
}

/**
 * The month and weekday names a contact reads in that language's dates (the alert's time, a
 * birth date), as the e-mails and pages write them: Intl's names, or the catalogue's own where
 * Intl has none of the language.
 */
function calendarWords(texts: ContactTexts): string[] {
  if (texts.calendar) return [...texts.calendar.months, ...texts.calendar.weekdays];
  const names = (options: Intl.DateTimeFormatOptions, count: number, day: (index: number) => number) =>
    Array.from({ length: count }, (_, index) =>
      new Intl.DateTimeFormat(texts.locale, { ...options, timeZone: 'UTC' }).format(day(index)),
    );
  return [
    ...names({ month: 'long' }, 12, (month) => Date.UTC(2026, month, 15)),
    // 2026-03-01 was a Sunday.
    ...names({ weekday: 'long' }, 7, (weekday) => Date.UTC(2026, 2, 1 + weekday)),
  ];
}

function fragments(texts: ContactTexts | PushTexts): Set<string> {
  const pieces = new Set<string>();
  const whole = [
    ...Object.entries(texts).flatMap(([key, value]) =>
      SKIPPED.has(key) || value === null ? [] : keyTexts(key, value),
    ),
    ...('calendar' in texts ? calendarWords(texts) : []),
  ];
  for (const text of whole) {
    for (const piece of text.split(HOLE)) {
      const trimmed = piece.trim();
      // The app's own name is a name, the same in every language.
      if (trimmed.length >= MIN_LENGTH && trimmed !== APP_NAME) pieces.add(trimmed);
    }
  }
  return pieces;
}

const catalogues = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    new Set([...fragments(contactTexts(language)), ...fragments(pushTexts(language))]),
  ]),
) as Record<Language, Set<string>>;

const wholeWords = (piece: string) =>
  new RegExp(`(?<!\\p{L})${piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\p{L})`, 'u');

/**
 * The pieces of every other language that `language`'s own texts do not also say: a piece
 * the reader's own catalogue has, even inside a longer text ('minutos' in Spanish and
 * Portuguese), is no sign of the other language.
 */
export function foreignPieces(language: Language): string[] {
  const own = catalogues[language];
  const ownText = [...own].join('\n');
  const foreign = new Set<string>();
  for (const other of LANGUAGES) {
    if (other === language) continue;
    for (const piece of catalogues[other]) if (!own.has(piece) && !wholeWords(piece).test(ownText)) foreign.add(piece);
  }
  return [...foreign];
}

/** Pieces only Spanish has against English, and the other way round (kept for the es/en tests). */
export const onlySpanish = [...catalogues.es].filter((piece) => !catalogues.en.has(piece));
export const onlyEnglish = [...catalogues.en].filter((piece) => !catalogues.es.has(piece));

/** What a reader sees of an e-mail: subject, text, and the HTML's text (tags out, entities read). */
export function readableMail(mail: { subject?: string; text?: string; html?: string | false }): string {
  const html = typeof mail.html === 'string' ? mail.html : '';
  const htmlText = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
  return [mail.subject ?? '', mail.text ?? '', htmlText].join('\n');
}

const foreignCache = new Map<Language, { piece: string; pattern: RegExp }[]>();

/** The pieces of another language found in a text meant for `language`: empty when clean. */
export function otherLanguageInText(readable: string, language: Language): string[] {
  let patterns = foreignCache.get(language);
  if (!patterns) {
    // Whole words only: English 'latitude' holds Spanish 'latitud'.
    patterns = foreignPieces(language).map((piece) => ({ piece, pattern: wholeWords(piece) }));
    foreignCache.set(language, patterns);
  }
  return patterns.filter(({ pattern }) => pattern.test(readable)).map(({ piece }) => piece);
}

/** The pieces of another language found in a mail meant for `language`: empty when clean. */
export function otherLanguageIn(
  mail: { subject?: string; text?: string; html?: string | false },
  language: Language,
): string[] {
  return otherLanguageInText(readableMail(mail), language);
}
