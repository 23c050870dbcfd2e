import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { contactTexts } from '#shared/contact-texts/index.ts';
import { LANGUAGES, type Language } from '#shared/language.ts';
import { pushTexts } from '#shared/push-texts.ts';
import { LOOKUPS } from '#test/support/catalogue-fragments.ts';

// docs/contact-languages.md fixes the key terms in each language so a contact meets the same word
// in the e-mail, the page and the notification; an operator hands that glossary to a reviewer. This
// holds the catalogues to it: every term of the glossary is a word the language's texts really use.

const DOC = path.resolve(import.meta.dirname, '../../docs/contact-languages.md');

/** The glossary's rows: the concept, then its term in es, en, pt and ht, as the table writes them. */
function glossary(): { concept: string; terms: Record<Language, string> }[] {
  const section = readFileSync(DOC, 'utf8').split('## Glossary')[1]?.split('\n## ')[0] ?? '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('|') && !/^\|\s*-/.test(line) && !/^\|\s*concept\s*\|/.test(line))
    .map((line) => {
      const [concept = '', ...cells] = line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim());
      return { concept, terms: Object.fromEntries(LANGUAGES.map((language, i) => [language, cells[i] ?? ''])) };
    }) as { concept: string; terms: Record<Language, string> }[];
}

/** Everything a language's catalogues say, with 'X' for each name or value a text is given. */
function allTexts(language: Language): string {
  return [contactTexts(language), pushTexts(language)]
    .flatMap((texts) =>
      Object.entries(texts).flatMap(([key, value]: [string, unknown]) => {
        const lookup = LOOKUPS[key as keyof typeof LOOKUPS];
        if (lookup) return lookup.map((argument) => (value as (argument: string) => string)(argument));
        if (typeof value === 'function')
          return [(value as (...args: string[]) => string)(...Array<string>(value.length).fill('X'))];
        if (typeof value === 'object' && value !== null) return Object.values(value).map(String);
        return [String(value)];
      }),
    )
    .join('\n')
    .toLowerCase();
}

describe("the glossary of a contact's key terms", () => {
  it('names terms each language really uses, for every concept it lists', () => {
    const rows = glossary();
    expect(rows.map((row) => row.concept)).toContain('A-number');
    expect(rows.length).toBeGreaterThanOrEqual(10);
    const texts = Object.fromEntries(LANGUAGES.map((language) => [language, allTexts(language)]));
    // 'detained / detention': either form; '(…)' after a term explains it or gives the subject's form.
    const unused = rows.flatMap(({ concept, terms }) =>
      LANGUAGES.filter((language) =>
        terms[language]
          .replace(/\s*\([^)]*\)\s*$/, '')
          .split(' / ')
          .every((term) => !texts[language]!.includes(term.toLowerCase())),
      ).map((language) => `${concept} (${language}): ${terms[language]}`),
    );
    expect(unused).toEqual([]);
  });
});
