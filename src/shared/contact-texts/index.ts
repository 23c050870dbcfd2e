import type { Language } from '../language.ts';
import { en } from './en.ts';
import { es, type ContactTexts } from './es.ts';
import { ht } from './ht.ts';
import { pt } from './pt.ts';

export type { ContactTexts };

// Every language, every key: a language left out here, or a key left out of a catalogue, fails the type check.
const catalogues: Record<Language, ContactTexts> = { es, en, pt, ht };

/** The catalogue of everything a contact reads, in their language. */
export function contactTexts(language: Language): ContactTexts {
  return catalogues[language];
}
