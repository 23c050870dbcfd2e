import { SHELL_TEXTS, linkLanguage } from '#shared/contact-texts/shell.ts';
import { HTML_LANG } from '#shared/language.ts';

/**
 * The splash in the language of the link that opened the page: index.html is the same for
 * everyone ('Cargando…', lang="es"); a contact's link says their language, and the first
 * thing the app's code does is say it there, before the first route resolves under the splash.
 */
export function speakLinkLanguageUnderSplash(): void {
  const language = linkLanguage(location.search);
  if (language === 'es') return;
  document.documentElement.lang = HTML_LANG[language];
  const loading = document.querySelector('#splash .visually-hidden');
  if (loading) loading.textContent = SHELL_TEXTS[language].loading;
}

speakLinkLanguageUnderSplash();
