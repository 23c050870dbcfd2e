// The server writes per-deployment values into the page's <meta> tags.

export function readMeta(name: string): string | undefined {
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
  return content ? content : undefined;
}

export interface AppConfig {
  chatUrl?: string | null;
}

/** The last config the server wrote, for pages the service worker answers with the built shell (no meta tag). */
const STORED_APP_CONFIG = 'sos_app_config';

/** An absolute URL, as valibot's url() has it (URL.canParse is missing before Safari 17). */
function isUrl(text: string): boolean {
  try {
    return URL.canParse ? URL.canParse(text) : Boolean(new URL(text));
  } catch {
    return false;
  }
}

/** `{ chatUrl?: URL | null }`, checked by hand: valibot stays out of home's first download (DESIGN.md section 6). */
function parseAppConfig(json: string | null | undefined): AppConfig | undefined {
  if (!json) return undefined;
  try {
    const config: unknown = JSON.parse(json);
    if (typeof config !== 'object' || config === null) return undefined;
    const { chatUrl } = config as Record<string, unknown>;
    if (chatUrl === undefined) return {};
    if (chatUrl === null) return { chatUrl };
    return typeof chatUrl === 'string' && isUrl(chatUrl) ? { chatUrl } : undefined;
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
