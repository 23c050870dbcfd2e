import { fileURLToPath } from 'node:url';
import { createServer, type Plugin } from 'vite';
import { filesBeyondEntry, isChunk, type OutputBundle, type OutputChunk } from './bundle-chunks.ts';
import type * as Renderer from './render-public-screen.tsx';
import { documentOf, NOT_FOUND_DOCUMENT, SCREENS_MANIFEST, type ScreensManifest } from '#shared/public-screens.ts';

// The public screens' first frames in the HTML the server sends (docs/decisions/020): at build time
// the real app renders each screen signed out (render-public-screen.tsx, through a Vite server in
// Node), and its markup goes into a copy of index.html, with the screen's stylesheets. The browser
// paints the screen before the app's code runs (index.html's first script starts the entry after the
// first paint: entry-after-paint.ts); the app's first render then replaces the same markup at the same
// place (createRoot, as for the early home).
// Text and layout cannot drift from the components: they are the components' own output.
// Runs in Node (vite.config.ts), never in the app.

export interface PublicScreen {
  /** The app's path, or null for its 404 page (any path the router does not know). */
  path: string | null;
  /** The modules (under src/client) of the screen's lazy code: their chunks' stylesheets paint it. */
  modules: string[];
  /**
   * The frame is only true for a signed-out visitor (signin sends a signed-in one home): the page's
   * screen script shows the splash instead when the stored session says signed in.
   */
  signedOutOnly?: boolean;
}

/** A path no route has: the router renders its 404 page there. */
const UNKNOWN_PATH = '/web/no-existe';

/** The stylesheets of the screen's chunks (not the entry's) and of what they import. */
function stylesOf(bundle: OutputBundle, modules: string[], root: string): string[] {
  const roots = modules.map((module) => {
    const id = `${root}/${module}`;
    const chunk = Object.values(bundle).find(
      (file): file is OutputChunk => isChunk(file) && file.moduleIds.includes(id),
    );
    if (!chunk) throw new Error(`public-screens: no chunk holds ${module}`);
    return chunk;
  });
  return filesBeyondEntry(bundle, roots).styles;
}

/**
 * The app's markup without what only a server render adds: the router's inline scroll script (the
 * CSP allows none; the app restores scroll itself) and React's hoisted image preload.
 */
export function cleanMarkup(markup: string): string {
  return markup.replace(/<script>[\s\S]*?<\/script>/g, '').replace(/<link rel="preload" as="image"[^>]*\/>/g, '');
}

/**
 * Kept tiny, and only in the screens' documents (not home's download). Signin's frame is for a
 * signed-out visitor: a stored session that says signed in gets the splash over it, as before,
 * until the app sends the person home. Until the app's first render replaces the markup, the
 * frame's form holds a submit (a native one would reload the page with the e-mail in the address)
 * and sends it from the app's same form then, with what was typed and the focus carried over.
 * A press on the form's button that began before the takeover and ends after it is sent too:
 * the finger comes up on the app's button, not the one it went down on, and the browser makes
 * no click of that, so the person's 'Continuar' would be lost without a word.
 */
function screenScript(signedInKey: string): string {
  return [
    `(function(){try{var d=document.documentElement;if(d.dataset.signedOutOnly!=null&&localStorage[${JSON.stringify(signedInKey)}]=="1")d.dataset.splash=""}catch(e){}`,
    // The app's entry is started after the page is parsed (entry-after-paint.ts): the takeover is watched from then.
    'var t=0,a=null,s=null,p=null,m=function(e){return!t&&e.target.closest&&e.target.closest("#root")};',
    'document.addEventListener("focusin",function(e){if(m(e))a=e.target.id},!0);',
    'document.addEventListener("submit",function(e){if(m(e)){e.preventDefault();s=e.target.id}},!0);',
    // A press under way on a form's submit button (p), until the finger comes up.
    'document.addEventListener("pointerdown",function(e){var b=m(e)&&e.target.closest("button");p=b&&b.type=="submit"&&b.form?b.form.id:null},!0);',
    'var u=function(){p=null};document.addEventListener("pointerup",u,!0);document.addEventListener("pointercancel",u,!0);',
    'document.addEventListener("readystatechange",function(){var r=document.getElementById("root"),f=r&&r.firstElementChild;',
    'f&&!t&&new MutationObserver(function(x,o){if(f.isConnected)return;o.disconnect();t=1;var g=function(i){return i&&document.getElementById(i)};',
    'f.querySelectorAll("input[id]").forEach(function(i){var n=g(i.id);if(n&&i.value&&!n.value)n.value=i.value});',
    'var n=g(a);n&&n.focus();n=g(s||p);n&&n.requestSubmit&&n.requestSubmit()}).observe(r,{childList:!0});',
    '},{once:!0})})()',
  ].join('');
}

export interface PublicScreensOptions {
  screens: PublicScreen[];
  /** The localStorage key that reads '1' while the stored session is signed in (lib/home-hint.ts). */
  signedInKey: string;
}

export function publicScreens(options: PublicScreensOptions): Plugin {
  let base = '/';
  let root = '';
  return {
    name: 'sos-public-screens',
    apply: 'build',
    configResolved(config) {
      base = config.base;
      root = config.root.replaceAll('\\', '/');
    },
    generateBundle: {
      // After Vite (and the early home) have written index.html into the bundle.
      order: 'post',
      async handler(_output, bundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset' || typeof html.source !== 'string')
          this.error('public-screens: no index.html in the bundle');
        const shell = html.source;
        const rootStart = shell.indexOf('<div id="root">');
        const bodyEnd = shell.lastIndexOf('</body>');
        const headEnd = shell.indexOf('</head>');
        if (rootStart < 0 || bodyEnd < 0 || headEnd < 0 || rootStart < headEnd)
          this.error('public-screens: index.html has no head or no #root');

        const { rendered, routes } = await renderScreens(
          root,
          base,
          options.screens.map(({ path }) => path ?? UNKNOWN_PATH),
        );
        // index.html's first script (the early home's) and the screen script, one file: each
        // render-blocking request is a round trip before the first paint on a slow network.
        const firstScripts: string[] = [];
        const SCRIPT_PLACE = '\0first-script';
        const head = shell.slice(0, headEnd).replace(/<script src="([^"]+)"><\/script>\s*/g, (tag, src: string) => {
          const file = bundle[src.slice(base.length)];
          if (!src.startsWith(base) || file?.type !== 'asset') return tag;
          firstScripts.push(String(file.source).replace(/;?\s*$/, ';'));
          return firstScripts.length === 1 ? SCRIPT_PLACE : '';
        });
        // The entry's module tag is index.html's first script's to replace (early-home.ts): it starts the entry.
        if (firstScripts.length === 0 || /<script type="module"/.test(head))
          this.error("public-screens: index.html's first script does not start the entry");
        const script = this.emitFile({
          type: 'asset',
          name: 'public-screen.js',
          source: firstScripts.join('') + screenScript(options.signedInKey),
        });
        const manifest: ScreensManifest = { screens: [], routes };
        options.screens.forEach((screen, index) => {
          const markup = cleanMarkup(rendered[index] ?? '');
          if (!markup.includes('<h1'))
            this.error(`public-screens: ${screen.path ?? '404'} rendered no heading (a guard sent it elsewhere?)`);
          // After the entry's stylesheet, as the app loads them (the same cascade). The screen's code is
          // not preloaded: beside the stylesheets it delays the first paint, which is what counts here,
          // and the app fetches it with the route anyway.
          const links = stylesOf(bundle, screen.modules, root)
            .map((file) => `<link rel="stylesheet" crossorigin href="${base}${file}">`)
            .join('\n    ');
          const attributes = ` data-screen${screen.signedOutOnly ? ' data-signed-out-only' : ''}`;
          const source = (
            head.replace(SCRIPT_PLACE, `<script src="${base}${this.getFileName(script)}"></script>\n    `) +
            `  ${links}\n  ` +
            shell.slice(headEnd, rootStart) +
            `<div id="root">${markup}</div>\n  ` +
            shell.slice(bodyEnd)
          ).replace('<html lang="es"', `<html lang="es"${attributes}`);
          if (screen.path !== null) manifest.screens.push(screen.path);
          this.emitFile({
            type: 'asset',
            fileName: screen.path === null ? NOT_FOUND_DOCUMENT : documentOf(screen.path),
            source,
          });
        });
        this.emitFile({ type: 'asset', fileName: SCREENS_MANIFEST, source: JSON.stringify(manifest) });
      },
    },
  };
}

/** The app's markup at each path, and the router's path patterns, from the real modules. */
async function renderScreens(
  root: string,
  base: string,
  paths: string[],
): Promise<{ rendered: string[]; routes: string[] }> {
  // Stylesheets are the bundle's business; in Node an import of one is nothing.
  const noCss: Plugin = {
    name: 'public-screens-no-css',
    enforce: 'pre',
    resolveId: (id) => (/\.css(\?|$)/.test(id) ? '\0no-css' : undefined),
    load: (id) => (id === '\0no-css' ? 'export default ""' : undefined),
  };
  const server = await createServer({
    configFile: false,
    root,
    base,
    logLevel: 'warn',
    plugins: [noCss],
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, ws: false },
    optimizeDeps: { noDiscovery: true, include: [] },
  });
  try {
    const renderer = fileURLToPath(new URL('./render-public-screen.tsx', import.meta.url));
    const module = (await server.ssrLoadModule(renderer)) as typeof Renderer;
    const rendered: string[] = [];
    for (const path of paths) rendered.push(await module.renderPublicScreen(path));
    return { rendered, routes: module.routePatterns() };
  } finally {
    await server.close();
  }
}
