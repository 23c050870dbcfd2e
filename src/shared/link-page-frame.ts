import { APP_NAME } from './constants.ts';
import { contactPageTitleKey, type TitleKey } from './contact-page-titles.ts';
import { SHELL_TEXTS, linkLanguage } from './contact-texts/shell.ts';
import { DEFAULT_LANGUAGE, HTML_LANG, type Language } from './language.ts';

// The first frame of a page a contact opens from an e-mail, before any script of the app runs:
// index.html says `lang="es"`, a Spanish title and 'Cargando…', and a screen reader or a translator
// reads that frame as it is. The server (http/app-shell.ts) and the service worker (sw/app-shell.ts)
// both write the link's language into the document they send, so online and offline the page opens
// in it. The link says the language (`?lang=pt`), as the pages themselves read it (use-contact-language.ts).
// The pages' titles come in as a table (contact-texts/page-titles.ts): the worker gets it written into
// its bundle, not the contact catalogues it would otherwise carry for a few lines.

/** The contact pages' titles in every language. */
export type PageTitles = Record<Language, Record<TitleKey, string>>;

/** What a page's first frame says: its `<html lang>`, its title and the splash's status text. */
export interface FirstFrame {
  lang: string;
  title: string;
  loading: string;
}

/**
 * The first frame of a contact's page at `pathname` opened with `search`, in the link's language;
 * undefined for every other page (the person's own screens are Spanish, as the documents are).
 * `notFound`: a path no route knows, which the app answers with its 404 page in the link's language.
 */
export function linkPageFrame(
  pathname: string,
  search: string,
  titles: PageTitles,
  notFound = false,
): FirstFrame | undefined {
  const language = linkLanguage(search);
  const shell = SHELL_TEXTS[language];
  const frame = (title: string): FirstFrame => ({ lang: HTML_LANG[language], title, loading: shell.loading });
  if (notFound) return language === DEFAULT_LANGUAGE ? undefined : frame(`${shell.notFoundTitle} · ${APP_NAME}`);
  const key = contactPageTitleKey(pathname);
  return key && frame(`${titles[language][key]} · ${APP_NAME}`);
}

const escapeText = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** `html` (index.html as built) saying `frame`: the root's lang, the title and the splash's status text. */
export function withFirstFrame(html: string, frame: FirstFrame): string {
  return html
    .replace(/<html lang="[^"]*"/, `<html lang="${frame.lang}"`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeText(frame.title)}</title>`)
    .replace(/(<span class="visually-hidden" data-splash-status>)[^<]*(<\/span>)/, `$1${escapeText(frame.loading)}$2`);
}
