import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

// The phone input loads its flags from a CDN unless given our own URLs (DESIGN.md
// section 5: all assets local). This copies flag-icons' 4x3 SVGs to
// build/flags/{iso2}.svg and serves them from node_modules during `vite dev`,
// so the repository holds no copies. Runs in Node (vite.config.ts), never in the app.

const flagsDir = join(dirname(createRequire(import.meta.url).resolve('flag-icons/package.json')), 'flags', '4x3');
// Two-letter country codes only; flag-icons also has regions (es-ct, gb-sct...) the input never asks for.
const isCountryFlag = (file: string) => /^[a-z]{2}\.svg$/.test(file);

export function flagIcons(): Plugin {
  let base = '/';
  return {
    name: 'sos-flag-icons',
    configResolved(config) {
      base = config.base;
    },
    configureServer(server) {
      server.middlewares.use(`${base}flags`, (request, response, next) => {
        const file = (request.url ?? '').replace(/^\//, '').split('?')[0] ?? '';
        if (!isCountryFlag(file)) return next();
        try {
          response.setHeader('Content-Type', 'image/svg+xml');
          response.end(readFileSync(join(flagsDir, file)));
        } catch {
          next();
        }
      });
    },
    generateBundle() {
      for (const file of readdirSync(flagsDir).filter(isCountryFlag)) {
        this.emitFile({ type: 'asset', fileName: `flags/${file}`, source: readFileSync(join(flagsDir, file)) });
      }
    },
  };
}
