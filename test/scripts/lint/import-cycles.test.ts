import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { describeCycles } from '../../../scripts/lint/import-cycles.ts';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A throwaway project: file path -> source text. */
function project(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'cycles-'));
  roots.push(root);
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ type: 'module', imports: { '#server/*': './src/server/*' } }));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return root;
}

describe('the import cycle check', () => {
  it('passes a graph without cycles, type-only imports back included', () => {
    const root = project({
      'src/server/app.ts': "import { a } from './alerts/a.ts';\nexport const app = a;",
      'src/server/alerts/a.ts': "import { b } from './b.ts';\nimport type { App } from '#server/app.ts';\nexport const a = b;",
      'src/server/alerts/b.ts': "import { db } from '#server/db/client.ts';\nexport const b = db;",
      'src/server/db/client.ts': "export type { App } from '../app.ts';\nexport const db = 1;",
    });
    expect(describeCycles(root, ['src'], [])).toEqual([]);
  });

  it('prints a planted file cycle as a chain, through an alias and a lazy import', () => {
    const root = project({
      'src/server/alerts/a.ts': "import { b } from './b.ts';\nexport const a = () => b;",
      'src/server/alerts/b.ts': "export const b = () => import('#server/alerts/c.ts');",
      'src/server/alerts/c.ts': "export { a } from './a.ts';",
    });
    expect(describeCycles(root, ['src'], [])).toEqual([
      'file cycle: src/server/alerts/a.ts -> src/server/alerts/b.ts -> src/server/alerts/c.ts -> src/server/alerts/a.ts',
    ]);
  });

  it('prints a folder cycle that no file cycle shows, and skips only the listed folder edge', () => {
    const root = project({
      'src/server/db/prune.ts': "import { lock } from '../auth/lockout.ts';\nexport const prune = lock;",
      'src/server/auth/lockout.ts': "import { db } from '#server/db/client.ts';\nexport const lock = db;",
      'src/server/db/client.ts': 'export const db = 1;',
    });
    expect(describeCycles(root, ['src'], [])).toEqual(['folder cycle: src/server/auth -> src/server/db -> src/server/auth']);
    expect(describeCycles(root, ['src'], [{ from: 'src/server/db', to: 'src/server/auth' }])).toEqual([]);
    expect(describeCycles(root, ['src'], [{ from: 'src/server/auth', to: 'src/server/alerts' }])).toHaveLength(1);
  });

  it('treats each feature and each file at a layer root as a unit of its own', () => {
    const root = project({
      'src/client/features/sos/button.tsx': "import { early } from '../early-home/early.ts';\nexport const button = early;",
      'src/client/features/early-home/early.ts': "import { texts } from '../sos/texts.ts';\nexport const early = texts;",
      'src/client/features/sos/texts.ts': "export const texts = 'SOS';",
      'src/client/lib/one.ts': "import { two } from './two.ts';\nexport const one = two;",
      'src/client/lib/two.ts': 'export const two = 2;',
    });
    expect(describeCycles(root, ['src'], [])).toEqual(['folder cycle: src/client/features/early-home -> src/client/features/sos -> src/client/features/early-home']);
  });
});
