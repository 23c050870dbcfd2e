/**
 * localStorage key that reads '1' while the stored session opens on home (lib/home-hint.ts keeps
 * it). Read before the app itself by the script the build puts in the page
 * (vite-plugins/early-home.ts), so it lives apart from anything that touches the browser.
 */
export const HOME_HINT_KEY = 'sos_opens_home';

/**
 * localStorage key that reads '1' while the stored session is signed in (lib/home-hint.ts keeps it).
 * Read by the public screens' script (vite-plugins/public-screens.ts): signin's prerendered frame is
 * covered by the splash for a signed-in person, whom the app sends on.
 */
export const SIGNED_IN_HINT_KEY = 'sos_signed_in';
