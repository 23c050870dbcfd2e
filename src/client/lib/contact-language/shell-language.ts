import { SHELL_TEXTS, linkLanguage } from '#shared/contact-texts/shell.ts';
import { HTML_LANG } from '#shared/language.ts';

/**
 * The splash in the language of the link that opened the page. The server and the service worker
 * already send a contact's page, and the server a link no route knows, in it (link-page-frame.ts);
 * the worker does not know the router's routes, so it opens an unknown link on index.html's
 * Spanish ('Cargando…', lang="es"): the app's first act says the link's language there.
 */
export function speakLinkLanguageUnderSplash(): void {
  const language = linkLanguage(location.search);
  if (language === 'es') return;
  document.documentElement.lang = HTML_LANG[language];
  const loading = document.querySelector('#splash [data-splash-status]');
  if (loading) loading.textContent = SHELL_TEXTS[language].loading;
}

speakLinkLanguageUnderSplash();
