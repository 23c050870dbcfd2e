/**
 * `?token=` of an e-mailed link, and the contact's `?lang=en` when it has one
 * (src/client/lib/contact-language). The router reads search values as JSON, so
 * an all-digit token would arrive as a number: it is turned back into text. Any
 * other value is no token. Checked by hand: the route tree is in home's first
 * download, valibot is not (DESIGN.md section 6).
 */
export function validateLinkTokenSearch(search: Record<string, unknown>): { token?: string; lang?: 'en' } {
  const { token, lang } = search;
  const language = lang === 'en' ? { lang: 'en' as const } : {};
  if (typeof token === 'string' || (typeof token === 'number' && !Number.isNaN(token))) return { token: String(token), ...language };
  return language;
}
