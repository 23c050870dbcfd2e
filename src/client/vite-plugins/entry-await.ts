import type { Plugin, Rolldown } from 'vite';

// The early home's top-level await (early-restore.ts: the entry's first module waits for the
// frame with the SOS button) makes rolldown turn off its chunk optimizations for the whole build,
// to keep the order of modules that wait. Without them home's download had a runtime chunk of its
// own (the CommonJS helpers every chunk imports) and four chunks that only re-export from home's
// chunk, one for each dynamic import of a module inside it: five more files in home's download
// (docs/decisions/013). That await can hold back
// nothing but the entry's own code: every other chunk runs only when the entry's code imports it,
// after the await. So the build hides it from rolldown as a call, and writes it back in the entry
// chunk, at its top level, before minification; anywhere else the build fails. Runs in Node
// (vite.config.ts), never in the app.

const MARK = '__sosEntryAwait';
const MODULE_CODE = { lang: 'js', sourceType: 'module' } as const;

type AstNode = { type: string; start: number; end: number; argument?: AstNode };

function isNode(value: unknown): value is AstNode {
  return typeof value === 'object' && value !== null && typeof (value as AstNode).type === 'string';
}

/** The await expressions of a module's top level (none inside a function, a class or a static block). */
function topLevelAwaits(node: AstNode, found: AstNode[] = []): AstNode[] {
  if (/Function|Class|StaticBlock/.test(node.type)) return found;
  if (node.type === 'AwaitExpression') found.push(node);
  for (const value of Object.values(node)) {
    for (const child of Array.isArray(value) ? value : [value]) if (isNode(child)) topLevelAwaits(child, found);
  }
  return found;
}

export interface EntryAwaitOptions {
  /** The module with the top-level await, from the project's root: '/src/client/early-restore.ts'. */
  module: string;
}

export function entryAwait({ module }: EntryAwaitOptions): Plugin {
  return {
    name: 'sos-entry-await',
    apply: 'build',
    // After TypeScript is stripped: plain JavaScript to parse.
    enforce: 'post',
    transform(code, id) {
      if (!id.replaceAll('\\', '/').endsWith(module)) return null;
      const awaits = topLevelAwaits(this.parse(code, MODULE_CODE) as unknown as AstNode);
      const [node] = awaits;
      const argument = node?.argument;
      if (awaits.length !== 1 || !node || !argument || code.slice(node.start, argument.start) !== 'await ') {
        this.error(`entry-await: ${module} must have one top-level 'await <expression>', it has ${awaits.length}`);
      }
      const hidden = `${code.slice(0, node.start)}${MARK}(${code.slice(argument.start, node.end)})${code.slice(node.end)}`;
      return { code: hidden, map: null };
    },
    renderChunk(code, chunk: Rolldown.RenderedChunk) {
      const at = code.indexOf(`${MARK}(`);
      if (at === -1) return null;
      const restored = code.replace(`${MARK}(`, 'await (');
      // Anywhere else (another chunk, or inside a module wrapper) it would not hold back the entry alone.
      const kept =
        chunk.isEntry &&
        !restored.includes(`${MARK}(`) &&
        topLevelAwaits(this.parse(restored, MODULE_CODE) as unknown as AstNode).some((node) => node.start === at);
      if (!kept)
        this.error(`entry-await: the top-level await of ${module} must stay at the top level of the entry chunk, once`);
      return { code: restored, map: null };
    },
  };
}
