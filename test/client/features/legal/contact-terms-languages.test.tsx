import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CONTACT_TERMS } from '#client/features/legal/contact-terms.tsx';
import { LANGUAGES, type Language } from '#shared/language.ts';

// The terms a contact accepts are written out in each language (they are not catalogue keys, so
// the catalogues' checks do not read them): each language has every section, and no sentence of
// one language's terms stands in another's, as a paragraph left untranslated would.

afterEach(() => cleanup());

/** Each language's terms as a reader sees them: the section headings and the sentences of the text. */
function termsIn(language: Language): { headings: string[]; sentences: string[] } {
  const { container, unmount } = render(<>{CONTACT_TERMS[language]()}</>);
  const headings = [...container.querySelectorAll('h3')].map((heading) => heading.textContent);
  const sentences = [...container.querySelectorAll('p')]
    .flatMap((paragraph) => (paragraph.textContent ?? '').split(/(?<=[.!?])\s+/))
    .map((sentence) => sentence.replace(/\s+/g, ' ').trim())
    // Shorter pieces are names and numbers ('911', the app's own name), the same in every language.
    .filter((sentence) => sentence.length >= 30);
  unmount();
  return { headings, sentences };
}

describe('the terms a contact accepts, in each contact language', () => {
  it('have the same sections in every language, and no sentence of another language', () => {
    const terms = Object.fromEntries(LANGUAGES.map((language) => [language, termsIn(language)])) as Record<
      Language,
      { headings: string[]; sentences: string[] }
    >;
    for (const language of LANGUAGES) {
      expect({ language, sections: terms[language].headings.length }).toEqual({
        language,
        sections: terms.es.headings.length,
      });
      expect(terms[language].sentences.length).toBeGreaterThan(10);
    }
    const shared = LANGUAGES.flatMap((language) =>
      LANGUAGES.filter((other) => other !== language).flatMap((other) =>
        terms[language].sentences
          .filter((sentence) => terms[other].sentences.includes(sentence))
          .map((sentence) => `${language}/${other}: ${sentence}`),
      ),
    );
    expect(shared).toEqual([]);
  });
});
