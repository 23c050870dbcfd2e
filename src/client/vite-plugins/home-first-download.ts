import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin, Rolldown } from 'vite';

// Checks home's first download against its declared list (src/client/home-first-download.ts): what
// index.html makes a signed-in person's browser fetch for home (the first script, the entry, its
// stylesheet and the files the early home preloads). The build fails when that download holds a
// module the list does not name, when the list names a module it does not hold (a stale line
// would let the next module slip in unseen), or when it weighs more than the budget. Runs in Node
// (vite.config.ts), never in the app.

export interface HomeFirstDownloadOptions {
  /** The repository's root: modules are named from it. */
  root: string;
  /** Our modules (paths from the root) and packages (by name) home's first download may hold. */
  modules: readonly string[];
  packages: readonly string[];
  /** JS+CSS, gzip -9, in kB. */
  budgetKb: number;
}

type OutputBundle = Rolldown.OutputBundle;

/** A package's name, our module's path from the root, or null for the bundler's own virtual modules. */
export function moduleName(id: string, root: string): string | null {
  const file = id.split('?')[0]!.replaceAll('\\', '/');
  if (file.startsWith('\0') || !file.startsWith('/') || file.endsWith('.html')) return null;
  const inPackage = file.lastIndexOf('/node_modules/');
  if (inPackage >= 0) {
    const [scope, name] = file.slice(inPackage + '/node_modules/'.length).split('/');
    return scope!.startsWith('@') ? `${scope}/${name}` : scope!;
  }
  return path.posix.relative(root.replaceAll('\\', '/'), file);
}

const urlsIn = (text: string) => [...text.matchAll(/(?:src|href)="?([^"\s>]+\.(?:js|css))/g)].map((match) => match[1]!);

/**
 * The JS and CSS files index.html loads or preloads, and those its scripts load (the first script
 * starts the entry: entry-after-paint.ts), by their name in the bundle.
 */
function filesOf(html: string, base: string, bundle: OutputBundle): string[] {
  const names = (urls: string[]) => urls.filter((url) => url.startsWith(base)).map((url) => url.slice(base.length));
  const files = names(urlsIn(html));
  for (const file of [...files]) {
    const output = bundle[file];
    if (output?.type === 'asset' && file.endsWith('.js')) files.push(...names(urlsIn(String(output.source))));
  }
  return [...new Set(files)];
}

export function homeFirstDownload(options: HomeFirstDownloadOptions): Plugin {
  let base = '/';
  return {
    name: 'sos-home-first-download',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    generateBundle: {
      // After the early home has written its preloads and first script into index.html.
      order: 'post',
      handler(_output, bundle: OutputBundle) {
        const html = bundle['index.html'];
        if (html?.type !== 'asset' || typeof html.source !== 'string') this.error('home-first-download: no index.html');
        const files = filesOf(html.source, base, bundle);
        const held = new Set<string>();
        let bytes = 0;
        for (const file of files) {
          const output = bundle[file];
          if (!output) this.error(`home-first-download: index.html loads ${file}, which the build did not write`);
          bytes += gzipSync(output.type === 'chunk' ? output.code : output.source, { level: 9 }).length;
          if (output.type !== 'chunk') continue;
          for (const id of output.moduleIds) {
            const name = moduleName(id, options.root);
            if (name) held.add(name);
          }
        }
        const listed = new Set([...options.modules, ...options.packages]);
        const unlisted = [...held].filter((name) => !listed.has(name)).sort();
        const absent = [...listed].filter((name) => !held.has(name)).sort();
        const kB = (bytes / 1000).toFixed(1);
        const problems = [
          ...(unlisted.length ? [`it holds what the list does not name:\n  ${unlisted.join('\n  ')}`] : []),
          ...(absent.length ? [`the list names what it does not hold:\n  ${absent.join('\n  ')}`] : []),
          ...(bytes / 1000 > options.budgetKb ? [`it weighs ${kB} kB of gzip, over ${options.budgetKb} kB`] : []),
        ];
        if (problems.length)
          this.error(
            `home's first download (${files.join(', ')}) differs from src/client/home-first-download.ts:\n${problems.join('\n')}`,
          );
        this.info(`home's first download: ${files.length} files, ${kB} kB of gzip`);
      },
    },
  };
}
