import * as v from 'valibot';

// The server writes per-deployment values into the page's <meta> tags.

export function readMeta(name: string): string | undefined {
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
  return content ? content : undefined;
}

const appConfigSchema = v.object({ chatUrl: v.nullish(v.pipe(v.string(), v.url())) });
export type AppConfig = v.InferOutput<typeof appConfigSchema>;

/** The last config the server wrote, for pages the service worker answers with the built shell (no meta tag). */
const STORED_APP_CONFIG = 'sos_app_config';

function parseAppConfig(json: string | null | undefined): AppConfig | undefined {
  if (!json) return undefined;
  try {
    const result = v.safeParse(appConfigSchema, JSON.parse(json));
    return result.success ? result.output : undefined;
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
