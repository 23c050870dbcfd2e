import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = ['auth', 'contacts', 'sos', 'profile', 'install', 'help', 'legal'];

export default tseslint.config(
  { ignores: ['build/', 'data/', 'coverage/', 'node_modules/', 'src/server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // Dependency direction (DESIGN.md section 1): client, server and sw lean on shared only.
            { target: './src/client', from: ['./src/server', './sw'] },
            { target: './src/server', from: ['./src/client', './sw', './src/shared/browser'] },
            { target: './sw', from: ['./src/client', './src/server'] },
            { target: './src/shared', from: ['./src/client', './src/server', './sw'] },
            // Layers (STYLE.md 1): features never import each other, nor the routes.
            ...features.map((name) => ({
              target: `./src/client/features/${name}`,
              from: features.filter((other) => other !== name).map((other) => `./src/client/features/${other}`),
            })),
            { target: './src/client/features', from: './src/client/routes' },
            { target: ['./src/client/ui', './src/client/lib'], from: ['./src/client/features', './src/client/routes'] },
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
