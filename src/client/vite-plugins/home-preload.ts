import type { Plugin, Rolldown } from 'vite';

// Home's code is a lazy chunk (vite.config.ts), asked for only once the router
// has the restored session: on 'Fast 3G' that is a third round trip after the
// HTML and the entry. This lists home's files in the page as preload links in an
// inert <template>, and writes a tiny script, run before the entry, that moves
// them into the head when the browser's stored session is known to open on home
// (a localStorage hint, lib/home-hint.ts): they then arrive with the entry.
// Signed-out visitors and signin download nothing more. An external file, not
// inline code: the CSP allows scripts from 'self' only. Runs in Node
// (vite.config.ts), never in the app.

export interface HomePreloadOptions {
  /** The name of home's chunk group in vite.config.ts. */
  chunk: string;
  /** The localStorage key that reads '1' when the session opens on home. */
  hintKey: string;
}

type Preload = { href: string; style: boolean };
type OutputBundle = Rolldown.OutputBundle;
type OutputChunk = Rolldown.OutputChunk;

function isChunk(file: OutputBundle[string] | undefined): file is OutputChunk {
  return file?.type === 'chunk';
}

/** The chunk, the chunks it imports that the entry does not bring, and their stylesheets. */
function filesOf(bundle: OutputBundle, root: OutputChunk, base: string): Preload[] {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (chunk: OutputChunk) => {
    if (chunk.isEntry || scripts.has(chunk.fileName)) return;
    scripts.add(chunk.fileName);
    for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(css);
    for (const imported of chunk.imports) {
      const next = bundle[imported];
      if (isChunk(next)) visit(next);
    }
  };
  visit(root);
  return [
    ...[...scripts].map((file) => ({ href: base + file, style: false })),
    ...[...styles].map((file) => ({ href: base + file, style: true })),
  ];
}

const TEMPLATE_ID = 'home-preload';

/** Inert until the script moves them into the head: markup in a template fetches nothing. */
function preloadTemplate(files: Preload[]): string {
  // crossorigin as Vite's own preloads, so the later import and stylesheet reuse these responses.
  const links = files.map(({ href, style }) => `<link rel=${style ? 'preload as=style' : 'modulepreload'} crossorigin href=${href}>`);
  return `<template id=${TEMPLATE_ID}>${links.join('')}</template>`;
}

/**
 * Kept this small on purpose: it counts in home's download budget. The file list stays in the page.
 * Whatever the address: a signed-in person's other screens (profile, contacts) share home's layout
 * chunk, and signin or '/' send them to home.
 */
function preloadScript({ hintKey }: HomePreloadOptions): string {
  return `try{localStorage[${JSON.stringify(hintKey)}]=="1"&&document.head.append(document.getElementById("${TEMPLATE_ID}").content)}catch{}`;
}

export function homePreload(options: HomePreloadOptions): Plugin {
  let base = '/';
  return {
    name: 'sos-home-preload',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle: {
      // After Vite has written index.html into the bundle.
      order: 'post',
      handler(_output, bundle) {
        const html = bundle['index.html'];
        const home = Object.values(bundle).find((file): file is OutputChunk => isChunk(file) && file.name === options.chunk);
        if (!home || html?.type !== 'asset' || typeof html.source !== 'string') {
          this.error(`home-preload: no '${options.chunk}' chunk or no index.html in the bundle`);
        }
        const entryTag = '<script type="module"';
        if (!html.source.includes(entryTag)) this.error('home-preload: index.html has no module entry script');
        const reference = this.emitFile({ type: 'asset', name: 'home-preload.js', source: preloadScript(options) });
        const tags = `${preloadTemplate(filesOf(bundle, home, base))}\n    <script type="module" crossorigin src="${base}${this.getFileName(reference)}"></script>\n    `;
        html.source = html.source.replace(entryTag, `${tags}${entryTag}`);
      },
    },
  };
}
