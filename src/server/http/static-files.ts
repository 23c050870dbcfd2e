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

/** Precompressed copies written by scripts/compress-build.ts, best first. */
const ENCODINGS = [
  { name: 'br', suffix: '.br' },
  { name: 'gzip', suffix: '.gz' },
] as const;

function accepted(header: string | undefined): Set<string> {
  const names = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!params.some((param) => /^\s*q=0(\.0*)?\s*$/.test(param))) names.add(name.trim());
  }
  return names;
}

/** The best precompressed copy the browser takes, if one exists and is not older than the file (a stale copy is ignored). */
async function compressedCopy(file: string, modifiedMs: number, acceptEncoding: string | undefined) {
  const takes = accepted(acceptEncoding);
  for (const encoding of ENCODINGS) {
    if (!takes.has(encoding.name)) continue;
    const copy = await stat(file + encoding.suffix).catch(() => undefined);
    if (copy?.isFile() && copy.mtimeMs >= modifiedMs) return { path: file + encoding.suffix, encoding: encoding.name };
  }
  return undefined;
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
    const copy = await compressedCopy(file, info.mtimeMs, c.req.header('accept-encoding'));
    const body = await readFile(copy?.path ?? file);
    return c.body(body, 200, {
      'Content-Type': getMimeType(file) ?? 'application/octet-stream',
      Vary: 'Accept-Encoding',
      ...(copy ? { 'Content-Encoding': copy.encoding } : {}),
      ...cacheHeaders(path.relative(root, file).split(path.sep).join('/')),
    });
  });
}
