import type { ContactTexts } from '#shared/contact-texts/index.ts';
import { en } from '#shared/contact-texts/en.ts';
import { es } from '#shared/contact-texts/es.ts';

// Which words give a language away, taken from the catalogues themselves: every
// fixed piece of every text (a function's text between its arguments), at least
// four characters long, that the other language's catalogue does not also have.
// A mail that contains a piece of the other catalogue has a text left untranslated.

const HOLE = '\u0000';
const MIN_LENGTH = 4;

function fragments(texts: ContactTexts): Set<string> {
  const pieces = new Set<string>();
  for (const [key, value] of Object.entries(texts)) {
    // Locale codes and the language switch's own label are not prose.
    if (key === 'locale' || key === 'htmlLang' || key === 'switchTo' || key === 'switchToLang') continue;
    const text = typeof value === 'function' ? (value as (...args: string[]) => string)(...Array<string>(value.length).fill(HOLE)) : value;
    for (const piece of text.split(HOLE)) {
      const trimmed = piece.trim();
      if (trimmed.length >= MIN_LENGTH) pieces.add(trimmed);
    }
  }
  return pieces;
}

const spanish = fragments(es);
const english = fragments(en);

/** Pieces only Spanish has, and pieces only English has. */
export const onlySpanish = [...spanish].filter((piece) => !english.has(piece));
export const onlyEnglish = [...english].filter((piece) => !spanish.has(piece));

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

/** The pieces of the other language found in a mail meant for `language`: empty when clean. */
export function otherLanguageIn(mail: { subject?: string; text?: string; html?: string | false }, language: 'es' | 'en'): string[] {
  const readable = readableMail(mail);
  // Whole words only: English 'latitude' holds Spanish 'latitud'.
  return (language === 'en' ? onlySpanish : onlyEnglish).filter((piece) =>
    new RegExp(`(?<!\\p{L})${piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?!\\p{L})`, 'u').test(readable),
  );
}
