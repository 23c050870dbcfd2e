import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { SHELL_TEXTS, linkLanguage, type ShellTexts } from '#shared/contact-texts/shell.ts';
import { HTML_LANG, type Language } from '#shared/language.ts';

/**
 * The app's frame (the page for an unknown link, the error page) in the language of the link
 * that opened it (`?lang=pt` on a contact's links), with `<html lang>` to match; Spanish without one.
 */
export function useLinkLanguage(): { language: Language; texts: ShellTexts } {
  const language = useRouterState({
    select: (state) => linkLanguage(state.location.search as Record<string, unknown>),
  });
  useEffect(() => {
    if (language === 'es') return;
    document.documentElement.lang = HTML_LANG[language];
    return () => {
      document.documentElement.lang = 'es';
    };
  }, [language]);
  return { language, texts: SHELL_TEXTS[language] };
}
