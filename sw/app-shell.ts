import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { APP_SHELL_DOCUMENT, documentOf, normalizePath } from '#shared/public-screens.ts';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const BUILD = '/build/';

/**
 * The cached document for a navigation: a public screen's prerendered first frame where the build
 * has one (docs/decisions/020, the same document the server sends), else the app shell.
 */
async function cachedDocument(url: URL): Promise<Response> {
  const path = normalizePath(url.pathname);
  const screen = path === undefined ? undefined : await matchPrecache(BUILD + documentOf(path));
  const shell = screen ?? (await matchPrecache(BUILD + APP_SHELL_DOCUMENT));
  return shell ?? Response.error();
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
