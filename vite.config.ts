/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { HOME_HINT_KEY } from './src/client/lib/home-hint-key.ts';
import { flagIcons } from './src/client/vite-plugins/flag-icons.ts';
import { earlyHome } from './src/client/vite-plugins/early-home.ts';
import { entryAwait } from './src/client/vite-plugins/entry-await.ts';
import { testProjects } from './test/vitest-projects.ts';

// Home's lazy code, one chunk (with one stylesheet) instead of a dozen small files that each lose
// the shared gzip dictionary: the main layout, home, the SOS button and the code a press runs (ready
// before the first press), the location panel, the contact list, the help button. Nothing signin
// needs: a module here that signin imported would bring the whole chunk into signin's download.
const HOME_MODULES = [
  '/routes/web/-components/(main-layout|app-header|bottom-nav|nav-icon|home-page|home-texts|sos-and-install-slot)\\.',
  '/features/help/(help-button|use-draggable|floating-position)\\.',
  '/features/sos/(sos-button|location|sms|api)/',
  '/features/sos/press/(?!end-alert)',
  '/features/install/(ios-install|use-install-prompt)\\.',
  '/features/contacts/contact-list/',
  '/features/auth/(use-sign-out|api/logout)\\.',
  '/lib/sos-worker/sos-queue-store\\.',
  '/lib/message-text\\.',
  '/shared/browser/sos-reply-texts\\.',
  '/ui/after-first-paint\\.',
];
const homeModule = new RegExp(HOME_MODULES.join('|'));

const root = fileURLToPath(new URL('./src/client', import.meta.url));

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
    entryAwait({ module: '/src/client/early-restore.ts' }),
  ],
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
    // Home's lazy code is a second chunk (HOME_MODULES); its dependencies stay where they are (the
    // logo, shared with signin's layout, would otherwise drag the chunk into signin's download).
    rolldownOptions: {
      output: {
        // Six characters of hash (rolldown's fewest), not eight: the entry lists every lazy file's name (home's budget).
        entryFileNames: 'assets/[name]-[hash:6].js',
        chunkFileNames: 'assets/[name]-[hash:6].js',
        assetFileNames: 'assets/[name]-[hash:6][extname]',
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'] },
            { name: 'home', test: (id) => homeModule.test(id.replaceAll('\\', '/')), includeDependenciesRecursively: false },
            // Out of home's first download (forms, later screens, the worker bridge use it); named, not 'dist'.
            { name: 'valibot', test: /node_modules[\\/]valibot[\\/]/ },
            // The pages a contact reaches from an e-mail (routes/web/active/contact-pages.ts), one lazy chunk:
            // fewer names in the entry, and confirming leads to 'accept' or 'invalid' with nothing more to fetch.
            { name: 'contact-links', test: /[\\/]routes[\\/]web[\\/]active[\\/]-components[\\/](accept|invalid|unsubscribe|confirm-contact)-page\.|[\\/]features[\\/]contacts[\\/](unsubscribe|confirm)[\\/]|[\\/]features[\\/]contacts[\\/]api[\\/](unsubscribe|verify-contact|link-rejected)\./, includeDependenciesRecursively: false },
            // Issue 9's delivery lists and the contact's 'Lo tengo' page, one lazy chunk: fewer names in the entry.
            { name: 'delivery', test: /[\\/](features[\\/](delivery|acknowledge)|routes[\\/]web[\\/]active[\\/]ack)[\\/]|[\\/]shared[\\/](api[\\/]deliveries|alert-moment|delivery-texts)\./, includeDependenciesRecursively: false },
          ],
        },
      },
    },
    // With one entry chunk the HTML has no modulepreload links left to polyfill; lazy chunks fall
    // back to rel=preload by themselves where modulepreload is missing.
    modulePreload: { polyfill: false },
  },
  // The tests start from the repository, not from the client folder above (test/vitest-projects.ts).
  test: { root: fileURLToPath(new URL('.', import.meta.url)), reporters: ['default'], projects: testProjects },
  server: {
    host: '127.0.0.1',
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:8080' },
  },
});
