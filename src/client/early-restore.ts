import { QUERY_STORE_KEY, SESSION_STORE_KEY, STORAGE_KEY, VERSION_MARKER_KEY } from '#shared/constants.ts';
import { afterNextPaint } from './lib/first-paint.ts';
import { startEarlyReads } from './lib/session/early-reads.ts';

// Imported first by main.tsx: modules run in import order, so the stored session
// and query cache are being read while React and the router are still being
// evaluated (a quarter of a second at 4x CPU slowdown). Only state this version
// wrote: on another version's marker, applyVersionMarker clears it instead.
try {
  if (localStorage.getItem(VERSION_MARKER_KEY) === STORAGE_KEY) startEarlyReads([SESSION_STORE_KEY, QUERY_STORE_KEY]);
} catch {
  // No storage at all: the restore at start finds nothing either.
}

/** True once the browser reports the page's first frame on the screen (the Paint Timing API). */
function firstFramePainted(): boolean {
  try {
    return performance.getEntriesByName('first-contentful-paint').length > 0;
  } catch {
    return false;
  }
}

// The early home of index.html (routes/web/-components/home/early-home-markup.ts) is drawn before the rest of the app's code is
// evaluated. The page's first script starts this entry once that frame is reported on the screen
// (vite-plugins/entry-after-paint.ts): then there is nothing to wait for, and one more frame here
// would only hold back the app's SOS button. Where no report came (a browser without the API, the
// script's timeout), this chunk waits here (a top-level await) until the frame has been painted.
if (document.documentElement.dataset.opens === 'home' && !firstFramePainted())
  await new Promise<void>((resolve) => afterNextPaint(resolve));
