import { DEFAULT_LANGUAGE, LANGUAGE_PARAM, languageOr, type Language } from '../language.ts';

// What the app's own frame says before or instead of a contact's page: the splash's
// 'Cargando…', the page for an unknown link, the error page. Apart from the contact
// catalogues because every phone downloads them with home (a few short strings, not all of
// a contact's texts); the person's own screens never carry a language and stay Spanish.

export type ShellTexts = {
  loading: string;
  notFoundTitle: string;
  notFoundBody: string;
  notFoundBack: string;
  errorTitle: string;
  errorBody: string;
  errorRetry: string;
};

export const SHELL_TEXTS: Record<Language, ShellTexts> = {
  es: {
    loading: 'Cargando…',
    notFoundTitle: 'Página No Encontrada',
    notFoundBody: 'Lo sentimos, la página que buscas no existe o ha sido movida.',
    notFoundBack: 'Volver a la página principal',
    errorTitle: 'Algo salió mal',
    errorBody: 'No pudimos mostrar esta pantalla. Revisa tu conexión e inténtalo de nuevo.',
    errorRetry: 'Intentar de nuevo',
  },
  en: {
    loading: 'Loading…',
    notFoundTitle: 'Page not found',
    notFoundBody: 'Sorry, the page you are looking for does not exist or has moved.',
    notFoundBack: 'Go to the main page',
    errorTitle: 'Something went wrong',
    errorBody: 'We could not show this screen. Check your connection and try again.',
    errorRetry: 'Try again',
  },
  pt: {
    loading: 'Carregando…',
    notFoundTitle: 'Página não encontrada',
    notFoundBody: 'Desculpe, a página que você procura não existe ou mudou de endereço.',
    notFoundBack: 'Ir para a página principal',
    errorTitle: 'Algo deu errado',
    errorBody: 'Não conseguimos mostrar esta tela. Verifique sua conexão e tente outra vez.',
    errorRetry: 'Tentar outra vez',
  },
  ht: {
    loading: 'Ap chaje…',
    notFoundTitle: 'Nou pa jwenn paj la',
    notFoundBody: 'Eskize nou, paj w ap chèche a pa egziste oswa li chanje adrès.',
    notFoundBack: 'Ale sou paj prensipal la',
    errorTitle: 'Gen yon bagay ki pa mache',
    errorBody: 'Nou pa t ka montre ekran sa a. Tcheke koneksyon ou epi eseye ankò.',
    errorRetry: 'Eseye ankò',
  },
};

/** The language a link says (`?lang=pt`, as a contact's e-mail links carry it); none is Spanish. */
export function linkLanguage(search: string | Record<string, unknown>): Language {
  if (typeof search !== 'string') return languageOr(search[LANGUAGE_PARAM]);
  return languageOr(new URLSearchParams(search).get(LANGUAGE_PARAM) ?? DEFAULT_LANGUAGE);
}
