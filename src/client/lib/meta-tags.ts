// The server writes per-deployment values into the page's <meta> tags.

import { GTM_ID_PATTERN } from '#shared/constants.ts';
import { createStore } from './create-store.ts';

export function readMeta(name: string): string | undefined {
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
  return content ? content : undefined;
}

export interface AppConfig {
  chatUrl?: string | null;
  /** The tag manager container, when the operator set GTM_ID. */
  gtmId?: string;
  /** The firm that runs the response desk (FIRM_NAME); absent from a page kept from before it existed. */
  firmName?: string;
}

/** The last config the server wrote, for pages the service worker answers with the built shell (no meta tag). */
const STORED_APP_CONFIG = 'sos_app_config';

/** An absolute URL, as valibot's url() has it (the URL constructor: URL.canParse is missing before Safari 17). */
function isUrl(text: string): boolean {
  try {
    return Boolean(new URL(text));
  } catch {
    return false;
  }
}

/**
 * `{ chatUrl?: URL | null, gtmId?: 'GTM-…' | null, firmName?: string }`, checked by hand: the entry reads it, and
 * valibot is not in the entry. A bad value makes the whole config unreadable.
 */
function parseAppConfig(json: string | null | undefined): AppConfig | undefined {
  if (!json) return undefined;
  try {
    const config: unknown = JSON.parse(json);
    if (typeof config !== 'object' || config === null) return undefined;
    const { chatUrl, gtmId, firmName } = config as Record<string, unknown>;
    const parsed: AppConfig = {};
    if (chatUrl === null || (typeof chatUrl === 'string' && isUrl(chatUrl))) parsed.chatUrl = chatUrl;
    else if (chatUrl !== undefined) return undefined;
    if (typeof gtmId === 'string' && GTM_ID_PATTERN.test(gtmId)) parsed.gtmId = gtmId;
    else if (gtmId !== undefined && gtmId !== null) return undefined;
    if (typeof firmName === 'string' && firmName !== '') parsed.firmName = firmName;
    else if (firmName !== undefined) return undefined;
    return parsed;
  } catch {
    return undefined;
  }
}

/**
 * `<meta name="app-config" content='{"chatUrl":"..."}'>` as the server wrote it, kept
 * for later; a page the worker served offline has no meta tag and gets the kept
 * copy. Missing or bad JSON gives `{}`. Operator settings only: nothing personal.
 */
export function readAppConfig(): AppConfig {
  const fromServer = readMeta('app-config');
  const parsed = parseAppConfig(fromServer);
  if (parsed && fromServer) {
    try {
      localStorage.setItem(STORED_APP_CONFIG, fromServer);
    } catch {
      // Storage full or blocked: this page still has the config.
    }
    return parsed;
  }
  try {
    return parseAppConfig(localStorage.getItem(STORED_APP_CONFIG)) ?? {};
  } catch {
    return {};
  }
}

const current = createStore<AppConfig>(readAppConfig);

/** Tells when the kept config changed (the server's answer differed from it). */
export const subscribeAppConfig = current.subscribe;

/** The config as this page knows it now, the same object until it changes (a snapshot for useSyncExternalStore). */
export const currentAppConfig = current.get;

/**
 * Keeps the config the server answered (GET /api/app-config) for every later read. A page whose
 * shell came from the service worker has no meta tag, so reads take it from here.
 */
export function keepAppConfig(json: string): void {
  const parsed = parseAppConfig(json);
  if (!parsed) return;
  try {
    if (localStorage.getItem(STORED_APP_CONFIG) === json) return;
    localStorage.setItem(STORED_APP_CONFIG, json);
  } catch {
    // Blocked storage: this page still shows the new settings.
  }
  // The page's own meta tag, if any, is older than this answer.
  document.querySelector('meta[name="app-config"]')?.remove();
  current.set(parsed);
}
