import { APP_NAME } from '#shared/constants.ts';
import { SHELL_TEXTS, linkLanguage } from '#shared/contact-texts/shell.ts';
import { trackPageView, UNTITLED_PAGE } from './analytics.ts';
import { isContactPage } from './contact-language/contact-page.ts';

/** The title of the 404 page, which has no route of its own to carry one. */
export const NOT_FOUND_TITLE = SHELL_TEXTS.es.notFoundTitle;

interface ResolvedMatch {
  staticData?: { title?: string };
  params?: Record<string, string>;
  status?: string;
  /** Set by the router on the match that shows the not-found page. */
  _notFound?: boolean;
}

interface ResolvedRouter {
  subscribe(event: 'onResolved', listener: () => void): () => void;
  state: { location: { pathname: string }; matches: ReadonlyArray<ResolvedMatch> };
}

/**
 * One page view per finished navigation; the deepest route with a title names the page.
 * Every screen gets a title of its own in the tab and in the screen reader's announcement.
 */
export function trackPageViews(router: ResolvedRouter): () => void {
  return router.subscribe('onResolved', () => {
    const { matches } = router.state;
    const title = [...matches].reverse().find((match) => match.staticData?.title)?.staticData?.title;
    const notFound = matches.some((match) => match._notFound || match.status === 'notFound');
    // An unknown link from a contact's e-mail says their language: its title too.
    const shown = notFound ? SHELL_TEXTS[linkLanguage(location.search)].notFoundTitle : title;
    // A contact's page titles itself in the contact's language (use-contact-language.ts); its route's
    // Spanish title, set here after a navigation from another contact page, would replace that one.
    if (notFound || !isContactPage(router.state.location.pathname))
      document.title = shown ? `${shown} · ${APP_NAME}` : APP_NAME;
    trackPageView(withoutParams(router.state.location.pathname, matches.at(-1)?.params), title ?? UNTITLED_PAGE);
  });
}

/**
 * The path with each route parameter's segment replaced by its name
 * (`/web/active/ack/$token`): a contact's link token, or an id, never reaches analytics.
 */
function withoutParams(pathname: string, params: Record<string, string> = {}): string {
  const names = new Map(
    Object.entries(params).flatMap(([name, value]) => [
      [value, name],
      [encodeURIComponent(value), name],
    ]),
  );
  return pathname
    .split('/')
    .map((segment) => (names.has(segment) ? `$${names.get(segment)}` : segment))
    .join('/');
}
