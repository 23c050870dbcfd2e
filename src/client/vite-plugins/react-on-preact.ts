import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

// The app is written against React's API and runs on Preact's compatibility layer (docs/decisions/023):
// the same components, hooks, TanStack Router and Query, with a renderer a fraction of React DOM's size.
// The build and the client tests resolve React through this one table, so the tests run what people run.

const preact = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../node_modules/preact');
const preactFile = (file: string) => path.join(preact, file);

/** Each React entry point and the Preact module (its ES module file) that stands in for it. */
export const reactEntries: Record<string, string> = {
  react: preactFile('compat/dist/compat.mjs'),
  'react-dom': preactFile('compat/dist/compat.mjs'),
  'react-dom/client': preactFile('compat/client.mjs'),
  'react-dom/test-utils': preactFile('test-utils/dist/testUtils.mjs'),
  'react/jsx-runtime': preactFile('jsx-runtime/dist/jsxRuntime.mjs'),
  'react/jsx-dev-runtime': preactFile('jsx-runtime/dist/jsxRuntime.mjs'),
};

const escape = (id: string) => id.replaceAll('/', '\\/');

export const reactOnPreact: Alias[] = Object.entries(reactEntries).map(([id, file]) => ({ find: new RegExp(`^${escape(id)}$`), replacement: file }));

/**
 * ES module packages that import React. The client tests run them through Vite (not Node) so the table
 * above reaches their imports too.
 */
export const reactImporters: RegExp[] = [/@tanstack\/react-/, /@conform-to\/react/, /react-international-phone/];
