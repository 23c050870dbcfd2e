import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { APP_NAME } from '#shared/constants.ts';
import { contactPageTitleKey } from '#shared/contact-page-titles.ts';
import { contactTexts, type ContactTexts } from '#shared/contact-texts/index.ts';
import { DEFAULT_LANGUAGE, LANGUAGE_PARAM, languageOr, type Language } from '#shared/language.ts';
import { saveContactLanguage } from './save-contact-language.ts';

// The pages a contact opens from an e-mail (confirmation with the terms, accept,
// invalid, unsubscribe, 'Lo tengo') speak the contact's language. The e-mail's
// links carry it as `?lang=pt` (withLanguage, src/shared/language.ts); no
// parameter is Spanish. Switching rewrites that parameter in place, so a reload,
// a shared link and every page reached from here keep it; with the page's token
// it is also kept on the contact, so their next e-mails follow it.

/** The search object a page's links and navigations pass on: `{ lang: 'pt' }`, or nothing for Spanish. */
export function languageSearch(language: Language): Record<string, string> {
  return language === DEFAULT_LANGUAGE ? {} : { [LANGUAGE_PARAM]: language };
}

/**
 * The contact's language on this page and its texts; sets the document's
 * `lang` (screen readers pronounce by it) and the tab's title, the one the
 * page's path has (contact-page-titles.ts), as its first frame said it.
 * `token`: the page's own link token, which keeps a switch for the contact.
 */
export function useContactLanguage(token?: string): {
  language: Language;
  texts: ContactTexts;
  switchLanguage: (next: Language) => void;
} {
  const language = useRouterState({
    select: (state) => languageOr((state.location.search as Record<string, unknown>)[LANGUAGE_PARAM]),
  });
  const title = useRouterState({ select: (state) => contactPageTitleKey(state.location.pathname) });
  const navigate = useNavigate();
  const texts = contactTexts(language);

  useEffect(() => {
    document.documentElement.lang = texts.htmlLang;
    if (title) document.title = `${texts[title]} · ${APP_NAME}`;
    return () => {
      document.documentElement.lang = 'es';
    };
  }, [texts, title]);

  const switchLanguage = (next: Language) => {
    if (token) saveContactLanguage(token, next);
    void navigate({
      to: '.',
      replace: true,
      search: (previous: Record<string, unknown>) => {
        const { [LANGUAGE_PARAM]: _dropped, ...rest } = previous;
        return { ...rest, ...languageSearch(next) };
      },
    } as never);
  };
  return { language, texts, switchLanguage };
}
