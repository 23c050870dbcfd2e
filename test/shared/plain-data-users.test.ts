import { readFileSync } from 'node:fs';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { HOME_MODULES } from '#client/home-first-download.ts';

const root = path.resolve(import.meta.dirname, '../..');

/** Our source files that import src/shared/plain-data.ts, with the names they take from it. */
function plainDataUsers(): { file: string; names: string[] }[] {
  const files = execFileSync('git', ['ls-files', 'src', 'sw'], { cwd: root, encoding: 'utf8' })
    .split('\n')
    .filter((file) => /\.(ts|tsx)$/.test(file) && file !== 'src/shared/plain-data.ts');
  return files.flatMap((file) => {
    const text = readFileSync(path.join(root, file), 'utf8');
    const match = /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'[^']*plain-data\.ts'/.exec(text);
    if (!match?.[1]) return [];
    const names = match[1]
      .split(',')
      .map((name) => name.replace(/^\s*type\s+/, '').trim())
      .filter(Boolean);
    return [{ file, names }];
  });
}

// docs/decisions/031: a reader that mirrors a valibot schema exists only where valibot would weigh on
// home's first download (the checked list) or on the stored state the worker reads too.
describe('the plain-data readers', () => {
  it('mirror a schema only in modules of home first download or of the shared browser state', () => {
    const mirrors = plainDataUsers().filter(({ names }) =>
      names.some((name) => ['readObject', 'readFields', 'Shape', 'Check'].includes(name)),
    );
    expect(mirrors.length).toBeGreaterThan(0);
    const elsewhere = mirrors
      .map(({ file }) => file)
      .filter((file) => !HOME_MODULES.includes(file) && !file.startsWith('src/shared/browser/'));
    expect(elsewhere).toEqual([]);
  });
});
