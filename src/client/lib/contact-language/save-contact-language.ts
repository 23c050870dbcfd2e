import type { Language } from '#shared/language.ts';
import { apiRequest } from '#client/lib/api-client.ts';

/**
 * Keeps the language a contact picked on a page for their next e-mails, with
 * the token of the page's own link. Best effort: the page has already switched,
 * and a contact who finds the next e-mail in the old language can switch again.
 */
export function saveContactLanguage(token: string, language: Language): void {
  apiRequest('PUT', '/contact-language', { body: { token, language }, authenticated: false }).catch(() => undefined);
}
