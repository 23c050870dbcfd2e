import { parseAst, type Rolldown } from 'vite';
import { describe, expect, it } from 'vitest';
import { entryAwait } from '#client/vite-plugins/entry-await.ts';

const MODULE = '/src/client/early-restore.ts';
const ID = `/work/app${MODULE}`;

const context = {
  parse: (code: string, options?: object) => parseAst(code, options),
  error: (message: string) => {
    throw new Error(message);
  },
};

type Transformed = { code: string } | null;

function transform(code: string, id = ID): Transformed {
  const hook = entryAwait({ module: MODULE }).transform as (
    this: typeof context,
    code: string,
    id: string,
  ) => Transformed;
  return hook.call(context, code, id);
}

function renderChunk(code: string, isEntry = true): Transformed {
  const hook = entryAwait({ module: MODULE }).renderChunk as (
    this: typeof context,
    code: string,
    chunk: Rolldown.RenderedChunk,
  ) => Transformed;
  return hook.call(context, code, { isEntry } as Rolldown.RenderedChunk);
}

const EARLY_RESTORE = [
  "import { afterNextPaint } from './lib/first-paint.ts';",
  'startEarlyReads();',
  "if (document.documentElement.dataset.opens === 'home') await new Promise((resolve) => afterNextPaint(resolve));",
].join('\n');

describe("the entry's top-level await, hidden from rolldown's chunking", () => {
  it('is a call while the modules are bundled: nothing else in the module changes', () => {
    const hidden = transform(EARLY_RESTORE)?.code ?? '';
    expect(hidden).not.toMatch(/\bawait\b/);
    expect(hidden).toBe(
      EARLY_RESTORE.replace(
        'await new Promise((resolve) => afterNextPaint(resolve))',
        '__sosEntryAwait(new Promise((resolve) => afterNextPaint(resolve)))',
      ),
    );
  });

  it('is an await again in the entry chunk, at its top level, before minification', () => {
    const chunk = `var x = 1;\n${transform(EARLY_RESTORE)?.code ?? ''}\nvar react = 2;`;
    const restored = renderChunk(chunk)?.code ?? '';
    expect(restored).toContain("=== 'home') await (new Promise((resolve) => afterNextPaint(resolve)));");
    expect(restored).not.toContain('__sosEntryAwait');
  });

  it('leaves other modules and chunks alone', () => {
    expect(transform('await fetch("/x");', '/work/app/src/client/main.tsx')).toBeNull();
    expect(renderChunk('await fetch("/x");')).toBeNull();
  });

  it('fails the build when the module has no top-level await, or more than one', () => {
    expect(() => transform('async function f() { await g(); }')).toThrow(
      /one top-level 'await <expression>', it has 0/,
    );
    expect(() => transform('await a();\nawait b();')).toThrow(/it has 2/);
  });

  it('fails the build when the await would land outside the entry chunk, or inside a wrapper', () => {
    const hidden = transform(EARLY_RESTORE)?.code ?? '';
    expect(() => renderChunk(hidden, false)).toThrow(/must stay at the top level of the entry chunk/);
    const statement = hidden.split('\n').at(-1) ?? '';
    expect(() => renderChunk(`var init = async () => { ${statement} };`)).toThrow(
      /must stay at the top level of the entry chunk/,
    );
    expect(() => renderChunk(`${hidden}\n${hidden}`)).toThrow(/must stay at the top level of the entry chunk/);
  });
});
