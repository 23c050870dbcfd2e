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
      // A pending fix, a known folder cycle with no file cycle under it: the message registry
      // (src/server/messages) imports each area's data schema and renderer, and each area queues its
      // messages through it: the renderers and the link helpers they use (ack, unsubscribe, detention
      // steps) move below both areas and registry. The seized-phone guard (security, pins, profile)
      // and the desk (staff, desk) joined the same knot through the registry and the alert lifecycle.
      name: 'no-folder-cycle',
      comment: cycleMessage,
      severity: 'error',
      scope: 'folder',
      from: {
        pathNot: [
          '^src/server/(acknowledgements|alerts|auth|check-ins|contacts|desk|detention|mail|messages|pins|profile|push|security|staff)(/|$)',
        ],
      },
      to: { circular: true },
    },
  ],
  options: { ...options, tsPreCompilationDeps: false },
};
