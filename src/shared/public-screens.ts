// Which document of the build a page's address gets (docs/decisions/020): the public screens have
// their first frame prerendered in a document of their own (vite-plugins/public-screens.ts writes
// them); every other address gets index.html, with the splash or the early home. Read by the server
// and by the service worker, so online and offline a path opens on the same first frame.

/** Where the build writes the screens' documents, relative to the build folder. */
export const SCREENS_DIR = 'screens';
export const SCREENS_MANIFEST = `${SCREENS_DIR}/screens.json`;
export const NOT_FOUND_DOCUMENT = `${SCREENS_DIR}/404.html`;
export const APP_SHELL_DOCUMENT = 'index.html';

/** A screen's document, from its normalized path ('/web/auth/signin' -> 'screens/web/auth/signin.html'). */
export const documentOf = (path: string): string => `${SCREENS_DIR}${path}.html`;

export interface ScreensManifest {
  /** Normalized paths with a document of their own (documentOf). */
  screens: string[];
  /** The router's path patterns ('/web/contact/$contactId'): a path matching none gets NOT_FOUND_DOCUMENT. */
  routes: string[];
}

/**
 * The path as the app's router reads it: without a trailing slash, in lower case (its matching is
 * case-insensitive). Undefined for a path with any other character than letters, digits, '-', '_'.
 */
export function normalizePath(path: string): string | undefined {
  if (!/^\/[A-Za-z0-9/_-]*$/.test(path)) return undefined;
  const lower = path.toLowerCase();
  return lower.length > 1 ? lower.replace(/\/+$/, '') || '/' : lower;
}

function matchesRoute(path: string, pattern: string): boolean {
  const parts = pattern.replace(/\/+$/, '').split('/');
  const given = path.split('/');
  if (parts.length === 1 && path === '/') return true;
  if (parts.length !== given.length) return false;
  return parts.every((part, index) =>
    part.startsWith('$') ? given[index] !== '' : part.toLowerCase() === given[index],
  );
}

/** The document, relative to the build folder, that the app opens with at `path`. */
export function documentFor(path: string, manifest: ScreensManifest | undefined): string {
  const normalized = normalizePath(path);
  // An odd character (a dot in a link's token, an escape): the app's router decides, under the splash.
  if (!manifest || normalized === undefined) return APP_SHELL_DOCUMENT;
  if (manifest.screens.includes(normalized)) return documentOf(normalized);
  if (!manifest.routes.some((pattern) => matchesRoute(normalized, pattern))) return NOT_FOUND_DOCUMENT;
  return APP_SHELL_DOCUMENT;
}
