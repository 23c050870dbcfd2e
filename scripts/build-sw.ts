// Builds build/sw.js: Vite bundles sw/sw.ts (injectManifest does not bundle),
// then Workbox writes the precache manifest into that file in place.
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { injectManifest } from 'workbox-build';
import { contactPageTitles } from '#shared/contact-texts/page-titles.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = `${root}build`;
const swFile = `${outDir}/sw.js`;

await build({
  configFile: false,
  root,
  logLevel: 'warn',
  define: {
    'process.env.NODE_ENV': JSON.stringify('production'),
    // The few titles a contact's page opens with (sw/app-shell.ts), not the catalogues they come from.
    __CONTACT_PAGE_TITLES__: JSON.stringify(contactPageTitles()),
  },
  build: {
    outDir,
    emptyOutDir: false,
    target: 'es2022',
    lib: { entry: `${root}sw/sw.ts`, formats: ['iife'], name: 'sw', fileName: () => 'sw.js' },
  },
});

const { count, size, warnings } = await injectManifest({
  swSrc: swFile,
  swDest: swFile,
  globDirectory: outDir,
  // Flags are only used by the phone field on online forms; 270 files are not worth precaching.
  globPatterns: ['**/*.{html,js,css,svg,png,webmanifest,ico}'],
  globIgnores: ['sw.js', 'flags/**'],
  modifyURLPrefix: { '': '/build/' },
  // Vite's hashed file names already carry the revision.
  dontCacheBustURLsMatching: /^assets\//,
});
for (const warning of warnings) console.warn(warning);
console.log(`sw.js: ${count} files precached (${(size / 1024).toFixed(1)} kB)`);
