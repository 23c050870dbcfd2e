import { readAppConfig } from './meta-tags.ts';

const SCRIPT_ID = 'tag-manager';

/**
 * Loads the operator's tag manager when GTM_ID is set (DESIGN.md section 7): the one
 * script from another site, allowed by the server's CSP only then. Google's snippet is
 * inline script, which our CSP forbids, so this does its two steps: mark the start in
 * `dataLayer` (events pushed before the script arrives wait there) and add the script.
 * Offline the script fails to load, and nothing else depends on it.
 */
export function loadTagManager(): void {
  const { gtmId } = readAppConfig();
  if (!gtmId || document.getElementById(SCRIPT_ID)) return;
  window.dataLayer ??= [];
  window.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = document.createElement('script');
  script.id = SCRIPT_ID;
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(gtmId)}`;
  document.head.append(script);
}
