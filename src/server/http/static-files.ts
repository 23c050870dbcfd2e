import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { Hono } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import type { Config } from '#server/config.ts';
import type { AppEnv } from './app-env.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Vite puts content-hashed files under assets/: they never change, so caches may keep them a year. */
function cacheHeaders(relative: string): Record<string, string> {
  if (relative === 'sw.js') return { 'Cache-Control': 'no-cache', 'Service-Worker-Allowed': '/' };
  if (relative.startsWith('assets/')) return { 'Cache-Control': IMMUTABLE };
  return { 'Cache-Control': 'no-cache' };
}

/** `/build/*` from the build folder; anything that resolves outside it is a 404. */
export function staticFiles(config: Pick<Config, 'buildDir'>) {
  const root = path.resolve(config.buildDir);
  return new Hono<AppEnv>().get('/build/*', async (c, next) => {
    let relative: string;
    try {
      relative = decodeURIComponent(c.req.path.slice('/build/'.length));
    } catch {
      return next();
    }
    const file = path.resolve(root, relative);
    if (relative.includes('\0') || !file.startsWith(root + path.sep)) return next();
    const info = await stat(file).catch(() => undefined);
    if (!info?.isFile()) return next();
    const body = await readFile(file);
    return c.body(body, 200, {
      'Content-Type': getMimeType(file) ?? 'application/octet-stream',
      ...cacheHeaders(path.relative(root, file).split(path.sep).join('/')),
    });
  });
}
