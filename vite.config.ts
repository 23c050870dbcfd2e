import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { flagIcons } from './src/client/vite-plugins/flag-icons.ts';

const root = fileURLToPath(new URL('./src/client', import.meta.url));

export default defineConfig({
  root,
  base: '/build/',
  publicDir: fileURLToPath(new URL('./public', import.meta.url)),
  plugins: [react(), flagIcons()],
  resolve: {
    // React 19 has useSyncExternalStore: TanStack Store's selector needs no shim for older Reacts (home's budget).
    alias: [{ find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/, replacement: 'use-sync-external-store/with-selector' }],
  },
  build: {
    outDir: fileURLToPath(new URL('./build', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Home's download budget (DESIGN.md section 6). Everything the entry loads statically is one
    // chunk: split by which lazy routes share each module, it was a dozen small files with their
    // import glue and one gzip context each (about 5 kB more for home). Lazy routes import from it.
    rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'index', tags: ['$initial'] }] } } },
    // With one entry chunk the HTML has no modulepreload links left to polyfill; lazy chunks fall
    // back to rel=preload by themselves where modulepreload is missing.
    modulePreload: { polyfill: false },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
