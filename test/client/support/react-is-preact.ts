import Module from 'node:module';
import { reactEntries } from '#client/vite-plugins/react-on-preact.ts';

// CommonJS packages (Testing Library, use-sync-external-store) require React through Node, not Vite: point
// them at the very Preact files Vite resolves for the app, so one Preact instance renders everything.
type Resolve = (request: string, ...rest: unknown[]) => string;
const modules = Module as unknown as { _resolveFilename: Resolve };
const resolve = modules._resolveFilename;
modules._resolveFilename = function (request, ...rest) {
  return reactEntries[request] ?? resolve.call(this, request, ...rest);
};
