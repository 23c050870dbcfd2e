// No import cycles (docs/decisions/022), checked by dependency-cruiser in `npm run lint`, between
// files and between folders (`src/server/alerts` -> `src/server/db` -> `src/server/alerts` is a
// cycle even when no file cycle shows it). A lazy import() counts: the two modules still cannot be
// understood apart. A type-only import does not: it vanishes from the build, and the createApp(deps)
// hub (deps.ts names every area's types, each area's routes take AppDeps) would be a cycle by design.
// The layer rule (layers.js) judges type imports too.
import { options } from './layers.js';

const cycleMessage = 'Import cycle: move the shared part down a layer, or invert the dependency.';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    { name: 'no-file-cycle', comment: cycleMessage, severity: 'error', from: {}, to: { circular: true } },
    {
      // The server's folders in their layer order (docs/decisions/034) have no cycle and no exception.
      name: 'no-folder-cycle',
      comment: cycleMessage,
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
  ],
  options: { ...options, tsPreCompilationDeps: false },
};
