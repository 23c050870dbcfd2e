import { describe, expect, it } from 'vitest';
import { contactTexts, type ContactTexts } from '#shared/contact-texts/index.ts';
import { pt } from '#shared/contact-texts/pt.ts';
import { LANGUAGES, type Language } from '#shared/language.ts';
import { pushTexts, type PushTexts } from '#shared/push-texts.ts';

// The type checker refuses a language that lacks a text: `npm run typecheck` compiles this file,
// and each `@ts-expect-error` below fails the check if the error it expects stops happening.

const { requestFailed: _requestFailed, ...ptWithoutAKey } = pt;
// @ts-expect-error a catalogue without one of es.ts's keys is no catalogue
export const missingKey: ContactTexts = ptWithoutAKey;

const { ackAction: _ackAction, ...pushWithoutAKey } = pushTexts('ht');
// @ts-expect-error the phone notifications' texts, the same
export const missingPushKey: PushTexts = pushWithoutAKey;

// @ts-expect-error a catalogue over the languages must name every language
export const missingLanguage: Record<Language, string> = { es: 'Hola', en: 'Hello', pt: 'Olá' };

describe('the catalogues a contact reads', () => {
  it("give every language every key of the Spanish one, and nothing else (the type check's promise, at run time)", () => {
    const keys = (language: Language) => ({
      contact: Object.keys(contactTexts(language)).sort(),
      push: Object.keys(pushTexts(language)).sort(),
    });
    for (const language of LANGUAGES) expect({ language, ...keys(language) }).toEqual({ language, ...keys('es') });
  });
});
