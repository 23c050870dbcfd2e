// Which layer may import which (DESIGN.md section 1, STYLE.md 1, docs/decisions/022), checked by
// dependency-cruiser in `npm run lint`. Imports are resolved to files first (relative paths and the
// package.json "imports" aliases alike, static, dynamic and type-only), so `../contacts/x.ts` is
// judged exactly like `#client/features/contacts/x.ts`. Packages are never judged.
const noOtherLayer = 'This layer may not depend on that one (DESIGN.md section 1).';

/** What both checks read: our sources only, resolved as TypeScript resolves them. */
export const options = {
  includeOnly: '^(src|sw|scripts)/',
  exclude: { path: '\\.d\\.ts$' },
  tsConfig: { fileName: 'tsconfig.json' },
  skipAnalysisNotInRules: true,
};

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'client-not-server',
      comment: noOtherLayer,
      severity: 'error',
      from: { path: '^src/client/' },
      to: { path: '^(src/server|sw)/' },
    },
    {
      // `$1` is the importing file's own feature, so a new feature folder is covered without a list.
      name: 'feature-not-feature',
      comment: 'Features never import each other: move the shared part to ui/ or lib/, or compose them in a route.',
      severity: 'error',
      from: { path: '^src/client/features/([^/]+)/' },
      to: { path: '^src/client/features/', pathNot: '^src/client/features/$1/' },
    },
    {
      name: 'feature-not-route',
      comment: 'Features never import the routes (the app layer).',
      severity: 'error',
      from: { path: '^src/client/features/' },
      to: { path: '^src/client/routes/' },
    },
    {
      name: 'lib-not-feature',
      comment: 'ui/ and lib/ are below the resources (api/), the features and the routes.',
      severity: 'error',
      from: { path: '^src/client/(ui|lib)/' },
      to: { path: '^src/client/(api|features|routes)/' },
    },
    {
      name: 'api-below-features',
      comment: "api/ holds the server's resources for every feature: it imports lib/ and shared code only.",
      severity: 'error',
      from: { path: '^src/client/api/' },
      to: { path: '^src/client/(features|routes|ui)/' },
    },
    {
      name: 'server-not-client',
      comment: noOtherLayer,
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^(src/client|sw|src/shared/browser)/' },
    },
    {
      name: 'shared-no-side',
      comment: 'Shared code depends on no side.',
      severity: 'error',
      from: { path: '^src/shared/' },
      to: { path: '^(src/client|src/server|sw)/' },
    },
    {
      name: 'sw-shared-only',
      comment: 'The service worker imports src/shared only.',
      severity: 'error',
      from: { path: '^sw/' },
      to: { pathNot: '^(sw|src/shared|node_modules)/', dependencyTypesNot: ['core'] },
    },
  ],
  // A type import crosses a layer as much as a value does.
  options: { ...options, tsPreCompilationDeps: true },
};
