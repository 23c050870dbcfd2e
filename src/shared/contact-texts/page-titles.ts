import { LANGUAGES } from '../language.ts';
import { PAGE_TITLE_KEYS } from '../contact-page-titles.ts';
import type { PageTitles } from '../link-page-frame.ts';
import { contactTexts } from './index.ts';

/** The contact pages' titles in every language, from the catalogues (link-page-frame.ts). */
export function contactPageTitles(): PageTitles {
  return Object.fromEntries(
    LANGUAGES.map((language) => {
      const texts = contactTexts(language);
      return [language, Object.fromEntries(PAGE_TITLE_KEYS.map((key) => [key, texts[key]]))];
    }),
  ) as PageTitles;
}
