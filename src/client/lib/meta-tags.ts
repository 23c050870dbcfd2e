import * as v from 'valibot';

// The server writes per-deployment values into the page's <meta> tags.

export function readMeta(name: string): string | undefined {
  const content = document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content;
  return content ? content : undefined;
}

const appConfigSchema = v.object({ chatUrl: v.optional(v.pipe(v.string(), v.url())) });
export type AppConfig = v.InferOutput<typeof appConfigSchema>;

/** `<meta name="app-config" content='{"chatUrl":"..."}'>`; missing or bad JSON gives `{}`. */
export function readAppConfig(): AppConfig {
  try {
    const result = v.safeParse(appConfigSchema, JSON.parse(readMeta('app-config') ?? '{}'));
    return result.success ? result.output : {};
  } catch {
    return {};
  }
}
