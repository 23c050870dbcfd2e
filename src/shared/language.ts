// The language a contact reads their e-mails and pages in. The person's own
// screens are always Spanish; only what reaches a contact follows this. The one
// list of languages: the text catalogues are records over it, so adding one here
// fails the type check until each has its texts.

export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/** Anything stored or sent that is not a known language reads as the default. */
export function languageOr(value: unknown): Language {
  return isLanguage(value) ? value : DEFAULT_LANGUAGE;
}

/** The query parameter a contact's links carry when the contact reads English. */
export const LANGUAGE_PARAM = 'lang';

/**
 * A link for a contact, saying their language to the page it opens (the page
 * also lets them switch). Spanish, the default, adds nothing.
 */
export function withLanguage(url: string, language: Language): string {
  if (language === DEFAULT_LANGUAGE) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${LANGUAGE_PARAM}=${language}`;
}
