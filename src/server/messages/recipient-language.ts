import { DEFAULT_LANGUAGE, languageOr, type Language } from '#shared/language.ts';
import type { Audience } from './kind-spec.ts';

/**
 * The one place a message's language is chosen: a contact reads theirs (as
 * stored with the row, or read with the subscription for a push); the person
 * and the firm's staff always read Spanish, as their own screens are.
 */
export function recipientLanguage(audience: Audience, contactLanguage: unknown): Language {
  return audience === 'contact' ? languageOr(contactLanguage) : DEFAULT_LANGUAGE;
}
