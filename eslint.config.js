import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = ['auth', 'contacts', 'sos', 'profile', 'install', 'help', 'legal', 'app-update', 'offline', 'delivery', 'acknowledge', 'check-in', 'detention', 'pins'];

// Cross-folder imports go through the `#layer/*` aliases of package.json, so the
// dependency direction (DESIGN.md section 1, STYLE.md 1) is checked on those names.
function forbid(...prefixes) {
  const escaped = prefixes.flat().map((prefix) => prefix.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
  return ['error', { patterns: [{ regex: `^(${escaped.join('|')})`, message: 'This layer may not depend on that one (DESIGN.md section 1).' }] }];
}

export default tseslint.config(
  { ignores: ['build/', 'data/', 'coverage/', 'node_modules/', 'src/server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  { files: ['src/client/**'], rules: { 'no-restricted-imports': forbid('#server/', '#sw/', '../../../') } },
  { files: ['src/server/**'], rules: { 'no-restricted-imports': forbid('#client/', '#sw/', '#shared/browser/') } },
  { files: ['sw/**'], rules: { 'no-restricted-imports': forbid('#client/', '#server/') } },
  { files: ['src/shared/**'], rules: { 'no-restricted-imports': forbid('#client/', '#server/', '#sw/') } },
  ...features.map((name) => ({
    // Features never import each other, nor the routes.
    files: [`src/client/features/${name}/**`],
    rules: {
      'no-restricted-imports': forbid(
        '#server/',
        '#sw/',
        '#client/routes/',
        features.filter((other) => other !== name).map((other) => `#client/features/${other}/`),
      ),
    },
  })),
  {
    files: ['src/client/ui/**', 'src/client/lib/**'],
    rules: { 'no-restricted-imports': forbid('#server/', '#sw/', '#client/features/', '#client/routes/') },
  },
  {
    // Home's first frame (docs/decisions/017-critical-folder.md): no valibot, and no shared API
    // module, which carries a valibot schema; a type from one costs nothing and stays allowed.
    // Its own rule name, so that it adds to the layer rules instead of replacing them.
    files: ['src/client/critical/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(valibot|@conform-to/valibot)$|^#shared/api/|/shared/api/',
              allowTypeImports: true,
              message: "Home's first frame reads data with src/shared/plain-data.ts, never valibot (docs/decisions/017).",
            },
          ],
        },
      ],
    },
  },
  {
    // Only the entry point reads the environment (STYLE.md 8).
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    ignores: ['src/server/main.ts'],
    rules: {
      'no-restricted-properties': ['error', { object: 'process', property: 'env', message: 'Read configuration in src/server/main.ts and pass it down.' }],
    },
  },
);
