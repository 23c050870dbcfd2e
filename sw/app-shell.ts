import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

const SHELL_URL = '/build/index.html';

/**
 * Precaches the build and answers every app navigation with the cached shell, so
 * the app (and later its SOS button) opens with no network at all.
 */
export function routeAppShell() {
  precacheAndRoute(self.__WB_MANIFEST);
  cleanupOutdatedCaches();
  registerRoute(
    new NavigationRoute(createHandlerBoundToURL(SHELL_URL), {
      allowlist: [/^\/$/, /^\/web(\/|$)/, /^\/unauthorized$/],
    }),
  );
}
