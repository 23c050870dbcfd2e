import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { linkPageFrame, withFirstFrame, type PageTitles } from '#shared/link-page-frame.ts';
import { APP_SHELL_DOCUMENT, documentOf, normalizePath } from '#shared/public-screens.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };
/** The contact pages' titles, written in by scripts/build-sw.ts: the catalogues stay out of the worker. */
declare const __CONTACT_PAGE_TITLES__: PageTitles;

const BUILD = '/build/';

/**
 * The cached document for a navigation: a public screen's prerendered first frame where the build
 * has one (docs/decisions/020, the same document the server sends), else the app shell; a contact's
 * page in the language its link says, as the server sends it (link-page-frame.ts): the one cached
 * shell is rewritten for each navigation, never stored in a language.
 */
async function cachedDocument(url: URL): Promise<Response> {
  const path = normalizePath(url.pathname);
  const screen = path === undefined ? undefined : await matchPrecache(BUILD + documentOf(path));
  if (screen) return screen;
  const shell = await matchPrecache(BUILD + APP_SHELL_DOCUMENT);
  const frame = linkPageFrame(url.pathname, url.search, __CONTACT_PAGE_TITLES__);
  if (!shell || !frame) return shell ?? Response.error();
  const headers = new Headers(shell.headers);
  headers.delete('content-length');
  return new Response(withFirstFrame(await shell.text(), frame), { status: shell.status, headers });
}

/**
 * Precaches the build and answers every app navigation with a cached document, so
 * the app (and later its SOS button) opens with no network at all.
 */
export function routeAppShell() {
  precacheAndRoute(self.__WB_MANIFEST);
  cleanupOutdatedCaches();
  registerRoute(
    new NavigationRoute(({ url }) => cachedDocument(url), {
      allowlist: [/^\/$/, /^\/web(\/|$)/, /^\/unauthorized$/],
    }),
  );
}
