import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

// The real dependency-cruiser with the configurations `npm run lint` uses, run on throwaway projects.
const run = promisify(execFile);
const repository = process.cwd();
const cli = path.join(repository, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');
const layers = path.join(repository, 'scripts/lint/layers.js');
const cycles = path.join(repository, 'scripts/lint/cycles.js');
const cycleMessage = 'Import cycle: move the shared part down a layer, or invert the dependency.';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A throwaway project with our aliases and compiler options: file path -> source text. */
function project(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'dependency-rules-'));
  roots.push(root);
  mkdirSync(path.join(root, 'sw'));
  const imports = { '#shared/*': './src/shared/*', '#client/*': './src/client/*', '#server/*': './src/server/*' };
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ type: 'module', imports }));
  const compilerOptions = {
    module: 'ESNext',
    moduleResolution: 'bundler',
    resolvePackageJsonImports: true,
    allowImportingTsExtensions: true,
    noEmit: true,
    jsx: 'react-jsx',
  };
  writeFileSync(path.join(root, 'tsconfig.json'), JSON.stringify({ compilerOptions }));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    writeFileSync(path.join(root, name), text);
  }
  return root;
}

/** Whether the check passes, and what it prints when it does not (rule, chain and message). */
async function check(config: string, root: string): Promise<{ passed: boolean; output: string }> {
  try {
    await run(process.execPath, [cli, '--config', config, '--output-type', 'err-long', 'src', 'sw'], { cwd: root });
    return { passed: true, output: '' };
  } catch (error) {
    const { stdout, stderr } = error as { stdout: string; stderr: string };
    // The report wraps long lines; one space per gap makes the messages searchable.
    return { passed: false, output: `${stdout}${stderr}`.replace(/\s+/g, ' ') };
  }
}

// Each run starts a Node process and cruises a project: seconds on a busy machine.
describe('the layer rule', { timeout: 30_000 }, () => {
  it('passes a feature importing its own files, lib, ui and packages', async () => {
    const root = project({
      'src/client/features/auth/form.ts':
        "import { a } from '../auth/api/signin.ts';\nimport { b } from '#client/api/auth.ts';\nimport { c } from '#client/lib/c.ts';\nimport { d } from '../../ui/d.ts';\nimport * as v from 'valibot';\nexport const form = [a, b, c, d, v];",
      'src/client/features/auth/api/signin.ts': 'export const a = 1;\nexport const b = 2;',
      'src/client/lib/c.ts': 'export const c = 3;',
      'src/client/ui/d.ts': 'export const d = 4;',
    });
    expect(await check(layers, root)).toEqual({ passed: true, output: '' });
  });

  it('rejects a planted cross-feature import, relative, by alias, lazy or type-only, with its message', async () => {
    const root = project({
      'src/client/features/auth/a.ts': "import { x } from '../contacts/api/contacts.ts';\nexport const a = x;",
      'src/client/features/brand-new/b.ts': "export { x } from '#client/features/contacts/api/contacts.ts';",
      'src/client/features/sos/c.ts': "export const c = () => import('../contacts/api/contacts.ts');",
      'src/client/features/pins/d.ts':
        "import type { X } from '#client/features/contacts/api/contacts.ts';\nexport const d: X = 1;",
      'src/client/features/contacts/api/contacts.ts': 'export type X = number;\nexport const x = 1;',
    });
    const { passed, output } = await check(layers, root);
    expect(passed).toBe(false);
    const message =
      'Features never import each other: move the shared part to ui/ or lib/, or compose them in a route.';
    for (const from of ['auth/a.ts', 'brand-new/b.ts', 'sos/c.ts', 'pins/d.ts']) {
      expect(output).toContain(
        `feature-not-feature: src/client/features/${from} → src/client/features/contacts/api/contacts.ts`,
      );
    }
    expect(output.split(message)).toHaveLength(5);
  });

  it('rejects lib importing a feature, the server importing the browser store and the worker importing the client', async () => {
    const root = project({
      'src/client/lib/a.ts': "export const a = () => import('../features/sos/press.ts');",
      'src/client/features/sos/press.ts': 'export const press = 1;',
      'src/server/alerts/b.ts': "import type { S } from '#shared/browser/store.ts';\nexport const b: S = 1;",
      'src/shared/browser/store.ts': 'export type S = number;',
      'sw/c.ts':
        "import { l } from '#client/lib/l.ts';\nimport { s } from '../src/shared/api/s.ts';\nexport const c = [l, s];",
      'src/client/lib/l.ts': 'export const l = 1;',
      'src/shared/api/s.ts': 'export const s = 1;',
    });
    const { passed, output } = await check(layers, root);
    expect(passed).toBe(false);
    expect(output).toContain('lib-not-feature: src/client/lib/a.ts → src/client/features/sos/press.ts');
    expect(output).toContain('server-not-client: src/server/alerts/b.ts → src/shared/browser/store.ts');
    expect(output).toContain('The service worker imports src/shared only.');
    expect(output).not.toContain('src/shared/api/s.ts');
  });
});

describe('the cycle rule', { timeout: 30_000 }, () => {
  it('passes a graph without cycles, type-only imports back included', async () => {
    const root = project({
      'src/server/app.ts': "import { a } from './alerts/a.ts';\nexport const app = a;",
      'src/server/alerts/a.ts':
        "import { b } from './b.ts';\nimport type { App } from '#server/app.ts';\nexport const a: App | number = b;",
      'src/server/alerts/b.ts': "import { db } from '#server/db/client.ts';\nexport const b = db;",
      'src/server/db/client.ts':
        "import type { App } from '../alerts/a.ts';\nexport const db = 1;\nexport type { App };",
    });
    expect(await check(cycles, root)).toEqual({ passed: true, output: '' });
  });

  it('rejects a planted file cycle through an alias and a lazy import, with the chain and its message', async () => {
    const root = project({
      'src/server/alerts/a.ts': "import { b } from './b.ts';\nexport const a = () => b;",
      'src/server/alerts/b.ts': "export const b = () => import('#server/alerts/c.ts');",
      'src/server/alerts/c.ts': "export { a } from './a.ts';",
    });
    const { passed, output } = await check(cycles, root);
    expect(passed).toBe(false);
    expect(output).toContain(
      'no-file-cycle: src/server/alerts/a.ts → src/server/alerts/b.ts → src/server/alerts/c.ts → src/server/alerts/a.ts',
    );
    expect(output).toContain(cycleMessage);
  });

  it('rejects a folder cycle that no file cycle shows', async () => {
    const root = project({
      'src/server/db/prune.ts': "import { lock } from '../auth/lockout.ts';\nexport const prune = lock;",
      'src/server/auth/lockout.ts': "import { db } from '#server/db/client.ts';\nexport const lock = db;",
      'src/server/db/client.ts': 'export const db = 1;',
    });
    const { passed, output } = await check(cycles, root);
    expect(passed).toBe(false);
    expect(output).toMatch(
      /no-folder-cycle: src\/server\/(auth → src\/server\/db → src\/server\/auth|db → src\/server\/auth → src\/server\/db)/,
    );
    expect(output).not.toContain('no-file-cycle');
    expect(output).toContain(cycleMessage);
  });

  it('excepts no folder: the message registry reading an area that queues through it is a cycle', async () => {
    const root = project({
      'src/server/messages/kinds.ts':
        "import { render } from '#server/alerts/alert-mail.ts';\nexport const kinds = render;",
      'src/server/alerts/alert-mail.ts': 'export const render = 1;',
      'src/server/alerts/start.ts': "import { queue } from '#server/messages/queue.ts';\nexport const start = queue;",
      'src/server/messages/queue.ts': 'export const queue = 2;',
    });
    const { passed, output } = await check(cycles, root);
    expect(passed).toBe(false);
    expect(output).toMatch(
      /no-folder-cycle: src\/server\/(alerts → src\/server\/messages → src\/server\/alerts|messages → src\/server\/alerts → src\/server\/messages)/,
    );
    expect(output).not.toContain('no-file-cycle');
  });
});
