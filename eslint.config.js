import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { importBoundaries } from './scripts/lint/import-boundaries.js';

// Which layer may import which (DESIGN.md section 1, STYLE.md 1), judged on resolved paths so
// relative imports count too, and globbed so a new feature folder is covered without a list.
const noOtherLayer = 'This layer may not depend on that one (DESIGN.md section 1).';
const boundaries = [
  { from: 'src/client/**', forbid: ['src/server/**', 'sw/**'], message: noOtherLayer },
  {
    from: 'src/client/features/*/**',
    forbid: ['src/client/features/*/**'],
    message: 'Features never import each other: move the shared part to ui/ or lib/, or compose them in a route.',
  },
  { from: 'src/client/features/**', forbid: ['src/client/routes/**'], message: 'Features never import the routes (the app layer).' },
  { from: 'src/client/{ui,lib}/**', forbid: ['src/client/features/**', 'src/client/routes/**'], message: 'ui/ and lib/ are below features and routes.' },
  { from: 'src/server/**', forbid: ['src/client/**', 'sw/**', 'src/shared/browser/**'], message: noOtherLayer },
  { from: 'src/shared/**', forbid: ['src/client/**', 'src/server/**', 'sw/**'], message: 'Shared code depends on no side.' },
  { from: 'sw/**', allowOnly: ['sw/**', 'src/shared/**'], message: 'The service worker imports src/shared only.' },
];
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
  {
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    plugins: { boundaries: importBoundaries },
    rules: { 'boundaries/imports': ['error', { zones: boundaries }] },
  },
  // Deep relative climbs hide which layer a file reaches into: use the #layer/* aliases.
  {
    files: ['src/client/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ regex: '^\\.\\./\\.\\./\\.\\./', message: 'Use a #layer/* alias (package.json "imports").' }] }] },
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
