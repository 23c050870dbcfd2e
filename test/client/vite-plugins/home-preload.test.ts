import { afterEach, describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { homePreload } from '#client/vite-plugins/home-preload.ts';

const SHELL = '<head><script type="module" crossorigin src="/build/assets/index-A.js"></script></head><body></body>';

function chunk(fileName: string, name: string, imports: string[], css: string[], isEntry = false) {
  return { type: 'chunk', fileName, name, isEntry, imports, viteMetadata: { importedCss: new Set(css), importedAssets: new Set() } };
}

/** Runs the plugin over a bundle shaped like ours: the entry, home's chunk, and the logo chunk home imports. */
function build(): { html: string; script: string } {
  const plugin = homePreload({ chunk: 'home', hintKey: 'sos_opens_home' });
  const bundle = {
    'index.html': { type: 'asset', fileName: 'index.html', source: SHELL },
    'assets/index-A.js': chunk('assets/index-A.js', 'index', [], ['assets/index-A.css'], true),
    'assets/home-B.js': chunk('assets/home-B.js', 'home', ['assets/index-A.js', 'assets/logo-C.js'], ['assets/home-B.css']),
    'assets/logo-C.js': chunk('assets/logo-C.js', 'logo', ['assets/index-A.js'], []),
  } as unknown as Rolldown.OutputBundle;
  let script = '';
  const context = {
    emitFile: ({ source }: { source: string }) => {
      script = source;
      return 'reference';
    },
    getFileName: () => 'assets/home-preload-D.js',
    error: (message: string) => {
      throw new Error(message);
    },
  };
  (plugin.configResolved as (config: { base: string }) => void)({ base: '/build/' });
  const hook = plugin.generateBundle as unknown as { handler: (this: typeof context, output: unknown, bundle: Rolldown.OutputBundle) => void };
  hook.handler.call(context, {}, bundle);
  const html = bundle['index.html'] as Rolldown.OutputAsset;
  return { html: String(html.source), script };
}

/** The links that are live in the head (a template's content is not). */
function preloads(): string[] {
  const attribute = (link: Element, name: string) => (link.hasAttribute(name) ? `${name}=${link.getAttribute(name) || "''"}` : '');
  return [...document.head.querySelectorAll('link')].map((link) =>
    ['rel', 'as', 'href', 'crossorigin'].map((name) => attribute(link, name)).filter(Boolean).join(' '),
  );
}

/** The built page's head, as the browser would parse it, then the script run. */
function openPage(html: string, script: string): void {
  document.head.innerHTML = html.replace(/^<head>|<\/head>.*$/gs, '');
  new Function(script)();
}

afterEach(() => {
  document.head.replaceChildren();
  localStorage.clear();
  history.replaceState(null, '', '/');
});

describe('home preload in the page', () => {
  it('lists its script before the entry, so it runs first', () => {
    const { html } = build();
    expect(html.indexOf('src="/build/assets/home-preload-D.js"')).toBeGreaterThan(-1);
    expect(html.indexOf('home-preload-D.js')).toBeLessThan(html.indexOf('index-A.js'));
  });

  it('fetches nothing by itself: the links wait in a template', () => {
    const { html } = build();
    document.head.innerHTML = html.replace(/^<head>|<\/head>.*$/gs, '');
    expect(preloads()).toEqual([]);
  });

  it("asks for home's chunk, the chunk it imports and its stylesheet when the stored session opens home", () => {
    const { html, script } = build();
    localStorage.setItem('sos_opens_home', '1');
    history.replaceState(null, '', '/web/home');
    openPage(html, script);
    expect(preloads()).toEqual([
      "rel=modulepreload href=/build/assets/home-B.js crossorigin=''",
      "rel=modulepreload href=/build/assets/logo-C.js crossorigin=''",
      "rel=preload as=style href=/build/assets/home-B.css crossorigin=''",
    ]);
  });

  it('asks for nothing without the hint', () => {
    const { html, script } = build();
    history.replaceState(null, '', '/web/home');
    openPage(html, script);
    expect(preloads()).toEqual([]);
  });
});
