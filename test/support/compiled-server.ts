import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** Where this global setup leaves the compiled code; the workers start after it and inherit this. */
const COMPILED_SERVER_ENV = 'BPM_TEST_COMPILED_SERVER';

/**
 * The compiled form of src/server/main.ts (the server) or scripts/staff.ts (the operator's command)
 * when this run compiled them (the e2e project), else undefined: run the TypeScript through tsx.
 */
export function compiledEntry(name: 'main' | 'staff'): string | undefined {
  const dir = process.env[COMPILED_SERVER_ENV];
  return dir ? path.join(dir, `${name}.mjs`) : undefined;
}

/**
 * The e2e project's global setup: the server's TypeScript compiled once for the whole run, which
 * every browser file's server starts from (startApp), with the operator's command (staffCli): under
 * `node --import tsx` every server resolved and loaded each of its modules through tsx's hooks,
 * in its main thread and again in its sender thread, at every start of every file, and the
 * command at every call. The same
 * sources, transformed by the same esbuild tsx uses, are bundled here into a few files; the
 * packages stay outside, loaded from node_modules as `npm start` loads them.
 *
 * The folder sits in node_modules/.cache so that the bundles find the packages. Beside the bundles,
 * what their modules reach through `import.meta.url` is where they expect it:
 * `migrations/` (the real folder, linked) and `sender-thread-main.ts`, which the sender thread
 * still loads through tsx (src/server/sender/sender-thread.ts), here one line importing the
 * compiled thread. Class and function names are kept: messages and logs use `error.name`.
 */
export default async function setup() {
  const { build } = await import('esbuild');
  const cache = path.join(root, 'node_modules', '.cache');
  await mkdir(cache, { recursive: true });
  const dir = await mkdtemp(path.join(cache, 'bpm-test-server-'));
  const remove = () => rm(dir, { recursive: true, force: true });
  const server = path.join(root, 'src', 'server');
  try {
    await build({
      entryPoints: [
        path.join(server, 'main.ts'),
        path.join(server, 'sender', 'sender-thread-main.ts'),
        path.join(root, 'scripts', 'staff.ts'),
      ],
      entryNames: '[name]',
      outdir: dir,
      outExtension: { '.js': '.mjs' },
      bundle: true,
      splitting: true,
      format: 'esm',
      platform: 'node',
      packages: 'external',
      keepNames: true,
      logLevel: 'warning',
    });
    // Node looks for a package's "type" no higher than node_modules: the .ts line below is a module.
    await writeFile(path.join(dir, 'package.json'), '{ "type": "module" }\n');
    await symlink(path.join(server, 'db', 'migrations'), path.join(dir, 'migrations'), 'dir');
    await writeFile(path.join(dir, 'sender-thread-main.ts'), "import './sender-thread-main.mjs';\n");
  } catch (error) {
    await remove();
    throw error;
  }
  process.env[COMPILED_SERVER_ENV] = dir;
  return async () => {
    delete process.env[COMPILED_SERVER_ENV];
    await remove();
  };
}
