import { DEFAULT_LANGUAGE, isLanguage, type Language } from '#shared/language.ts';
import { isNumber, isString } from '#shared/plain-data.ts';

/**
 * `?token=` of an e-mailed link, and the contact's `?lang=pt` when it has one
 * (src/client/lib/contact-language). The router reads search values as JSON, so
 * an all-digit token would arrive as a number: it is turned back into text. Any
 * other value is no token. Read with plain-data: the route tree is in the entry.
 */
export function validateLinkTokenSearch(search: Record<string, unknown>): { token?: string; lang?: Language } {
  const { token, lang } = search;
  const language = isLanguage(lang) && lang !== DEFAULT_LANGUAGE ? { lang } : {};
  return isString(token) || isNumber(token) ? { token: String(token), ...language } : language;
}
