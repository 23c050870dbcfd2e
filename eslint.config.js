import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Which layer may import which, and import cycles, are checked by dependency-cruiser
// (scripts/lint/layers.js and cycles.js, run by `npm run lint` after ESLint).
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
  // Deep relative climbs hide which layer a file reaches into: use the #layer/* aliases.
  {
    files: ['src/client/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^\\.\\./\\.\\./\\.\\./', message: 'Use a #layer/* alias (package.json "imports").' }] },
      ],
    },
  },
  {
    // Only the entry point reads the environment (STYLE.md 8).
    files: ['src/**/*.{ts,tsx}', 'sw/**/*.ts'],
    ignores: ['src/server/main.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration in src/server/main.ts and pass it down.' },
      ],
    },
  },
);
