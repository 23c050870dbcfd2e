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
/** Locale codes and the calendar's names are not prose. */
const SKIPPED = new Set(['locale', 'htmlLang', 'calendar']);

function fragments(texts: ContactTexts | PushTexts): Set<string> {
  const pieces = new Set<string>();
  for (const [key, value] of Object.entries(texts)) {
    if (SKIPPED.has(key) || value === null) continue;
    const text =
      typeof value === 'function'
        ? (value as (...args: string[]) => string)(...Array<string>(value.length).fill(HOLE))
        : String(value);
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
