import type { Rolldown } from 'vite';

export type OutputBundle = Rolldown.OutputBundle;
export type OutputChunk = Rolldown.OutputChunk;

export const isChunk = (file: OutputBundle[string] | undefined): file is OutputChunk => file?.type === 'chunk';

/**
 * What loading `roots` downloads beyond the entry: their chunks, the chunks those import (the entry's own
 * are already there), and the stylesheets of all of them.
 */
export function filesBeyondEntry(bundle: OutputBundle, roots: OutputChunk[]): { scripts: string[]; styles: string[] } {
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
  for (const root of roots) visit(root);
  return { scripts: [...scripts], styles: [...styles] };
}
