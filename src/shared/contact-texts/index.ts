import type { Language } from '../language.ts';
import { en } from './en.ts';
import { es, type ContactTexts } from './es.ts';

export type { ContactTexts };

const catalogues: Record<Language, ContactTexts> = { es, en };

/** The catalogue of everything a contact reads, in their language. */
export function contactTexts(language: Language): ContactTexts {
  return catalogues[language];
}
