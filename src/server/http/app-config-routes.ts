import { Hono } from 'hono';
import type { Config } from '#server/config.ts';
import type { AppEnv } from './app-env.ts';
import { appConfigOf } from './app-shell.ts';
import { ok } from './replies.ts';

/**
 * GET /api/app-config: the operator settings of `<meta name="app-config">`, for an installed app
 * whose pages the service worker answers with the built shell, which has no meta tag: without
 * this it would keep the values of its first visit for good (a changed CHAT_URL never reaching it).
 */
export function appConfigRoutes(config: Pick<Config, 'chatUrl' | 'gtmId' | 'firmName'>) {
  return new Hono<AppEnv>().get('/app-config', (c) => ok(c, appConfigOf(config)));
}
