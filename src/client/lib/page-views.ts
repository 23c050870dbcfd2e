import { APP_NAME } from '#shared/constants.ts';
import { trackPageView, UNTITLED_PAGE } from './analytics.ts';

interface ResolvedRouter {
  subscribe(event: 'onResolved', listener: () => void): () => void;
  state: { location: { pathname: string }; matches: ReadonlyArray<{ staticData?: { title?: string } }> };
}

/** One page view per finished navigation; the deepest route with a title names the page. */
export function trackPageViews(router: ResolvedRouter): () => void {
  return router.subscribe('onResolved', () => {
    const title = [...router.state.matches].reverse().find((match) => match.staticData?.title)?.staticData?.title;
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
    trackPageView(router.state.location.pathname, title ?? UNTITLED_PAGE);
  });
}
