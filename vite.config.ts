/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { HOME_HINT_KEY, SIGNED_IN_HINT_KEY } from './src/client/lib/home-hint-key.ts';
import { flagIcons } from './src/client/vite-plugins/flag-icons.ts';
import { earlyHome } from './src/client/vite-plugins/early-home.ts';
import { entryAwait } from './src/client/vite-plugins/entry-await.ts';
import { publicScreens } from './src/client/vite-plugins/public-screens.ts';
import { homeFirstDownload, moduleName } from './src/client/vite-plugins/home-first-download.ts';
import { HOME_BUDGET_KB, HOME_MODULES, HOME_PACKAGES } from './src/client/home-first-download.ts';
import { testRun } from './test/vitest-projects.ts';

const repository = fileURLToPath(new URL('.', import.meta.url));
const root = fileURLToPath(new URL('./src/client', import.meta.url));

// Home's first download is one declared list (src/client/home-first-download.ts, docs/decisions/028):
// what of it the entry does not load is one lazy chunk, fetched beside the entry when the session opens home.
const homeModules = new Set<string>(HOME_MODULES);
const isHomeModule = (id: string) => homeModules.has(moduleName(id, repository) ?? '');

export default defineConfig({
  root,
  base: '/build/',
  publicDir: fileURLToPath(new URL('./public', import.meta.url)),
  // A person whose session opens home gets home's chunk beside the entry, and home's first frame at once.
  // The entry's top-level await (the early home's frame) would turn off rolldown's chunk optimizations.
  plugins: [
    react(),
    flagIcons(),
    earlyHome({ chunk: 'home', hintKey: HOME_HINT_KEY }),
    // Signin, 'Acceso Denegado' and the 404 page painted from the HTML (docs/decisions/020). Verify,
    // signup and the contact's link pages draw from stored state or the link: they keep the splash.
    publicScreens({
      signedInKey: SIGNED_IN_HINT_KEY,
      screens: [
        {
          path: '/web/auth/signin',
          modules: ['ui/plain-layout.tsx', 'features/auth/signin/signin-screen.tsx'],
          signedOutOnly: true,
        },
        { path: '/unauthorized', modules: ['routes/-components/unauthorized-page.tsx'] },
        { path: null, modules: ['routes/-components/not-found-page.tsx'] },
      ],
    }),
    entryAwait({ module: '/src/client/early-restore.ts' }),
    homeFirstDownload({ root: repository, modules: HOME_MODULES, packages: HOME_PACKAGES, budgetKb: HOME_BUDGET_KB }),
  ],
  resolve: {
    // React 19 has useSyncExternalStore: TanStack Store's selector needs no shim for older Reacts.
    alias: [
      {
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector',
      },
    ],
  },
  build: {
    outDir: fileURLToPath(new URL('./build', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Home's download: everything the entry loads statically is one chunk (split by which lazy
    // routes share each module, it was a dozen small files, each with its import glue and its own
    // gzip context). Lazy routes import from it. Home's lazy code is a second chunk, with what only
    // it imports; what it shares with a lazy chunk of signin's must stay off home's list,
    // or signin downloads home's chunk too.
    rolldownOptions: {
      output: {
        // Seven characters of hash, not eight: the entry lists every lazy file's name (home's budget).
        // Rolldown refuses six once the build has more than 64 chunks and assets.
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'] },
            { name: 'home', test: isHomeModule },
            // Out of home's first download (forms, later screens, the worker bridge use it); named, not 'dist'.
            { name: 'valibot', test: /node_modules[\\/]valibot[\\/]/ },
            // The pages a contact reaches from an e-mail (routes/web/active/contact-pages.ts), one lazy chunk:
            // fewer names in the entry, and confirming leads to 'accept' or 'invalid' with nothing more to fetch.
            {
              name: 'contact-links',
              test: /[\\/]routes[\\/]web[\\/]active[\\/]-components[\\/](accept|invalid|unsubscribe|confirm-contact)-page\.|[\\/]features[\\/]contacts[\\/](unsubscribe|confirm)[\\/]|[\\/]client[\\/]api[\\/]contact-links\./,
              includeDependenciesRecursively: false,
            },
            // The delivery lists and the contact's 'Lo tengo' page, one lazy chunk: fewer names in the entry.
            {
              name: 'delivery',
              test: /[\\/](features[\\/](delivery|acknowledge)|routes[\\/]web[\\/]active[\\/]ack)[\\/]|[\\/]client[\\/]api[\\/](deliveries|acknowledgements)\.|[\\/]shared[\\/](api[\\/]deliveries|alert-moment|delivery-texts)\./,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
    // With one entry chunk the HTML has no modulepreload links left to polyfill; lazy chunks fall
    // back to rel=preload by themselves where modulepreload is missing.
    modulePreload: { polyfill: false },
  },
  // The tests start from the repository, not from the client folder above (test/vitest-projects.ts).
  test: { root: fileURLToPath(new URL('.', import.meta.url)), reporters: ['default'], ...testRun },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
