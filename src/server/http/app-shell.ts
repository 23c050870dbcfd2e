import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '#server/config.ts';
import { contactPageTitles } from '#shared/contact-texts/page-titles.ts';
import { linkPageFrame, withFirstFrame } from '#shared/link-page-frame.ts';
import {
  APP_SHELL_DOCUMENT,
  documentFor,
  NOT_FOUND_DOCUMENT,
  SCREENS_MANIFEST,
  type ScreensManifest,
} from '#shared/public-screens.ts';

/** The settings an operator chooses that the page shows. */
export type AppConfigSource = Pick<Config, 'chatUrl' | 'gtmId' | 'firmName'>;

/** The operator settings the client cannot know at build time (also GET /api/app-config). */
export function appConfigOf(config: AppConfigSource): {
  chatUrl: string | null;
  gtmId: string | null;
  firmName: string;
} {
  return { chatUrl: config.chatUrl ?? null, gtmId: config.gtmId ?? null, firmName: config.firmName };
}

/** What the client reads from `<meta name="app-config">`. */
export function appConfigMeta(config: AppConfigSource): string {
  const json = JSON.stringify(appConfigOf(config));
  // Attribute-escaped JSON: the content survives any quote or angle bracket in the values.
  const content = json.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
  return `<meta name="app-config" content="${content}">`;
}

const PAGE_TITLES = contactPageTitles();

/** The build's list of prerendered screens; undefined for a build without one. */
async function readScreensManifest(buildDir: string): Promise<ScreensManifest | undefined> {
  try {
    return JSON.parse(await readFile(path.join(buildDir, SCREENS_MANIFEST), 'utf8')) as ScreensManifest;
  } catch {
    return undefined;
  }
}

/**
 * The built document for `pagePath` (a public screen's prerendered first frame, the 404 page's, or
 * index.html: docs/decisions/020) with the config meta tag in its head; a contact's page, or a link
 * no route knows, in the language its link says (`search`'s `?lang=`: link-page-frame.ts). Read on
 * every request: a rebuild must show without a restart, and the files are small. Undefined when
 * there is no build.
 */
export async function readAppShell(
  config: AppConfigSource & Pick<Config, 'buildDir'>,
  pagePath = '/',
  search = '',
): Promise<string | undefined> {
  const found = documentFor(pagePath, await readScreensManifest(config.buildDir));
  // The 404 page's prerender is Spanish: an unknown link in another language opens on the app shell,
  // whose splash says that language, and the app draws its 404 page in it.
  const frame =
    found === APP_SHELL_DOCUMENT || found === NOT_FOUND_DOCUMENT
      ? linkPageFrame(pagePath, search, PAGE_TITLES, found === NOT_FOUND_DOCUMENT)
      : undefined;
  const document = frame ? APP_SHELL_DOCUMENT : found;
  let html: string;
  try {
    html = await readFile(path.join(config.buildDir, document), 'utf8');
  } catch {
    if (document === APP_SHELL_DOCUMENT) return undefined;
    return readAppShell(config);
  }
  if (frame) html = withFirstFrame(html, frame);
  const meta = appConfigMeta(config);
  return html.includes('</head>') ? html.replace('</head>', `${meta}\n</head>`) : `${meta}\n${html}`;
}
