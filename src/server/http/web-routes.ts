import { Hono } from 'hono';
import type { Config } from '#server/config.ts';
import type { AppEnv } from './app-env.ts';
import { readAppShell } from './app-shell.ts';
import { prefersHtml } from './prefers-html.ts';

const NO_BUILD =
  'La aplicación web no está compilada todavía: falta la carpeta build/. Ejecuta `npm run build` (o `npm start`, que compila y arranca).\n';

/**
 * `/` goes to home; every other page asked for by a browser, curl or anything
 * else that takes HTML gets the app shell and the client router decides
 * (including its own 404 page); the shell's first frame is the path's screen where the build
 * prerendered one (docs/decisions/020), a contact's page in the language its link says (the address,
 * query included, is what a cache keys it by). API paths never get here (app.ts answers them).
 */
export function webRoutes(config: Pick<Config, 'buildDir' | 'chatUrl' | 'gtmId' | 'firmName'>) {
  return new Hono<AppEnv>()
    .get('/', (c) => c.redirect('/web/home', 302))
    .get('*', async (c, next) => {
      if (c.req.path.startsWith('/build/') || !prefersHtml(c.req.header('accept'))) return next();
      const shell = await readAppShell(config, c.req.path, new URL(c.req.url).search);
      if (shell === undefined) return c.text(NO_BUILD, 503, { 'Cache-Control': 'no-store', 'Retry-After': '10' });
      return c.html(shell, 200, { 'Cache-Control': 'no-cache' });
    });
}
