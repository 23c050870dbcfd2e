import { describe, expect, it } from 'vitest';
import type { Rolldown } from 'vite';
import { homeFirstDownload } from '#client/vite-plugins/home-first-download.ts';

// index.html as the early home leaves it: the preloads of home's chunk, the first script, the entry
// and its stylesheet.
const HTML =
  '<head><template id=home-preload><link rel=modulepreload crossorigin href=/build/assets/home-B.js></template>' +
  '<script src="/build/assets/early-home-D.js"></script>' +
  '<script type="module" crossorigin src="/build/assets/index-A.js"></script>' +
  '<link rel="stylesheet" crossorigin href="/build/assets/index-A.css"></head><body><div id="root"></div></body>';

const chunk = (fileName: string, moduleIds: string[], code = 'export{}') => ({
  type: 'chunk',
  fileName,
  moduleIds,
  code,
});
const asset = (fileName: string, source: string) => ({ type: 'asset', fileName, source });

/** A bundle shaped like ours, with `extra` modules added to home's chunk. */
function bundleWith(homeExtra: string[] = []): Rolldown.OutputBundle {
  return {
    'index.html': asset('index.html', HTML),
    'assets/early-home-D.js': asset('assets/early-home-D.js', 'try{}catch(e){}'),
    'assets/index-A.js': chunk('assets/index-A.js', [
      '/app/src/client/index.html',
      '/app/src/client/main.tsx',
      '\0rolldown/runtime.js',
      '/app/node_modules/react-dom/cjs/react-dom.production.js',
      '/app/node_modules/@tanstack/react-router/dist/esm/index.js',
    ]),
    'assets/index-A.css': asset('assets/index-A.css', 'body{margin:0}'),
    'assets/home-B.js': chunk('assets/home-B.js', ['/app/src/client/home.tsx', ...homeExtra]),
    // Lazy, loaded by no file of home's first download: anything may be here.
    'assets/forms-E.js': chunk('assets/forms-E.js', ['/app/node_modules/valibot/dist/index.js']),
  } as unknown as Rolldown.OutputBundle;
}

const LISTED = {
  root: '/app',
  modules: ['src/client/main.tsx', 'src/client/home.tsx'],
  packages: ['react-dom', '@tanstack/react-router'],
};

function build(bundle: Rolldown.OutputBundle, options: Partial<typeof LISTED & { budgetKb: number }> = {}): string[] {
  const plugin = homeFirstDownload({ ...LISTED, budgetKb: 1, ...options });
  const said: string[] = [];
  const context = {
    error: (message: string) => {
      throw new Error(message);
    },
    info: (message: string) => said.push(message),
  };
  (plugin.configResolved as (config: { base: string }) => void)({ base: '/build/' });
  const hook = plugin.generateBundle as unknown as {
    handler: (this: typeof context, output: unknown, bundle: Rolldown.OutputBundle) => void;
  };
  hook.handler.call(context, {}, bundle);
  return said;
}

describe("home's first download against its list", () => {
  it('passes when the files index.html loads hold exactly the listed modules and packages, within the budget', () => {
    expect(build(bundleWith())).toEqual([expect.stringMatching(/^home's first download: 4 files, 0\.\d kB of gzip$/)]);
  });

  it('fails the build, naming each module, when home downloads one the list does not name', () => {
    expect(() =>
      build(bundleWith(['/app/node_modules/valibot/dist/index.js', '/app/src/client/lib/extra.ts'])),
    ).toThrow(/it holds what the list does not name:\n {2}src\/client\/lib\/extra\.ts\n {2}valibot$/);
  });

  it('fails the build when the list names a module home no longer downloads', () => {
    expect(() => build(bundleWith(), { modules: [...LISTED.modules, 'src/client/gone.ts'] })).toThrow(
      /the list names what it does not hold:\n {2}src\/client\/gone\.ts$/,
    );
  });

  it('fails the build when the download weighs more than the budget', () => {
    expect(() => build(bundleWith(), { budgetKb: 0.05 })).toThrow(/it weighs 0\.\d kB of gzip, over 0\.05 kB$/);
  });
});
