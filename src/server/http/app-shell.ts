import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '#server/config.ts';

/** The operator settings the client cannot know at build time (also GET /api/app-config). */
export function appConfigOf(config: Pick<Config, 'chatUrl' | 'gtmId'>): { chatUrl: string | null; gtmId: string | null } {
  return { chatUrl: config.chatUrl ?? null, gtmId: config.gtmId ?? null };
}

/** What the client reads from `<meta name="app-config">`. */
export function appConfigMeta(config: Pick<Config, 'chatUrl' | 'gtmId'>): string {
  const json = JSON.stringify(appConfigOf(config));
  // Attribute-escaped JSON: the content survives any quote or angle bracket in the values.
  const content = json.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<meta name="app-config" content="${content}">`;
}

/**
 * The built index.html with the config meta tag in its head. Read on every
 * request: a rebuild must show without a restart, and the file is small.
 * Undefined when there is no build.
 */
export async function readAppShell(config: Pick<Config, 'buildDir' | 'chatUrl' | 'gtmId'>): Promise<string | undefined> {
  let html: string;
  try {
    html = await readFile(path.join(config.buildDir, 'index.html'), 'utf8');
  } catch {
    return undefined;
  }
  const meta = appConfigMeta(config);
  return html.includes('</head>') ? html.replace('</head>', `${meta}\n</head>`) : `${meta}\n${html}`;
}
