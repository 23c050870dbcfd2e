// The language a contact reads their e-mails and pages in. The person's own
// screens are always Spanish; only what reaches a contact follows this. The one
// list of languages: the text catalogues are records over it, so adding one here
// fails the type check until each has its texts.

/** Spanish, US English, Brazilian Portuguese, Haitian Creole (docs/contact-languages.md). */
export const LANGUAGES = ['es', 'en', 'pt', 'ht'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';

/** Each language named in itself, so its reader finds it in a list or a switch. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  es: 'Español',
  en: 'English',
  pt: 'Português',
  ht: 'Kreyòl ayisyen',
};

/** The language tag of `<html lang>` and Content-Language: Brazil's Portuguese is the one we write. */
export const HTML_LANG: Record<Language, string> = {
  es: 'es',
  en: 'en',
  pt: 'pt-BR',
  ht: 'ht',
};

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/** Anything stored or sent that is not a known language reads as the default. */
export function languageOr(value: unknown): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/** The query parameter a contact's links carry when the contact reads another language than Spanish. */
export const LANGUAGE_PARAM = 'lang';

/**
 * A link for a contact, saying their language to the page it opens (the page
 * also lets them switch). Spanish, the default, adds nothing.
 */
export function withLanguage(url: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${LANGUAGE_PARAM}=${language}`;
}
