import path from 'node:path';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import { importBoundaries } from '../../../scripts/lint/import-boundaries.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

// The zones of eslint.config.js, in small: the rule reads them from its options.
const zones = [
  { from: 'src/client/features/*/**', forbid: ['src/client/features/*/**'], message: 'no other feature' },
  { from: 'src/client/{ui,lib}/**', forbid: ['src/client/features/**'], message: 'below features' },
  { from: 'src/server/**', forbid: ['src/client/**', 'src/shared/browser/**'], message: 'not the client' },
  { from: 'sw/**', allowOnly: ['sw/**', 'src/shared/**'], message: 'shared only' },
];
const options = [{ zones, temporarilyAllowed: [{ from: 'src/client/features/old/**', to: 'src/client/features/sos/**' }] }];
const file = (name: string) => path.join(process.cwd(), name);
const tester = new RuleTester({ languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' } });

tester.run('boundaries/imports', importBoundaries.rules.imports, {
  valid: [
    { name: 'a feature imports its own files', filename: file('src/client/features/auth/signin/form.ts'), code: "import x from '../api/signin.ts';", options },
    {
      name: 'a feature imports its own files by alias',
      filename: file('src/client/features/auth/a.ts'),
      code: "import x from '#client/features/auth/api/b.ts';",
      options,
    },
    {
      name: 'a feature imports lib and ui',
      filename: file('src/client/features/auth/a.ts'),
      code: "import x from '#client/lib/y.ts'; import z from '../../ui/button.tsx';",
      options,
    },
    { name: 'packages are not judged', filename: file('sw/sw.ts'), code: "import { precache } from 'workbox-precaching';", options },
    {
      name: 'the worker imports itself and shared',
      filename: file('sw/queue.ts'),
      code: "import a from './store.ts'; import b from '#shared/browser/store.ts'; import c from '../src/shared/api/sos.ts';",
      options,
    },
    { name: 'a temporary exception holds', filename: file('src/client/features/old/a.ts'), code: "import x from '../sos/b.ts';", options },
  ],
  invalid: [
    {
      name: 'a feature imports another by a relative path',
      filename: file('src/client/features/auth/a.ts'),
      code: "import x from '../contacts/api/contacts.ts';",
      options,
      errors: [{ message: "'../contacts/api/contacts.ts' resolves to src/client/features/contacts/api/contacts.ts: no other feature" }],
    },
    {
      name: 'a new feature folder is covered without a list',
      filename: file('src/client/features/brand-new/a.ts'),
      code: "export { x } from '#client/features/auth/b.ts';",
      options,
      errors: [{ messageId: 'boundary' }],
    },
    {
      name: 'lib imports a feature lazily',
      filename: file('src/client/lib/a.ts'),
      code: "const m = import('../features/sos/press.ts');",
      options,
      errors: [{ messageId: 'boundary' }],
    },
    {
      name: 'the server imports the browser store, type-only included',
      filename: file('src/server/alerts/a.ts'),
      code: "import type { X } from '#shared/browser/store.ts'; import y from '../../client/main.tsx';",
      options,
      errors: [{ messageId: 'boundary' }, { messageId: 'boundary' }],
    },
    {
      name: 'the worker imports the client',
      filename: file('sw/a.ts'),
      code: "import x from '#client/lib/y.ts';",
      options,
      errors: [{ message: "'#client/lib/y.ts' resolves to src/client/lib/y.ts: shared only" }],
    },
    {
      name: 'a temporary exception covers only its own pair',
      filename: file('src/client/features/old/a.ts'),
      code: "import x from '../auth/b.ts';",
      options,
      errors: [{ messageId: 'boundary' }],
    },
  ],
});
