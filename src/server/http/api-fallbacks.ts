import type { Hono } from 'hono';
import { apiMessages } from '#shared/messages.ts';
import type { AppEnv } from './app-env.ts';
import { fail } from './replies.ts';

/**
 * For every path the API knows, a catch-all registered after the real handlers
 * answers 405 for the other methods, with the Allow header; unknown paths fall
 * through to the 404 of app.ts.
 */
export function addMethodNotAllowed(api: Hono<AppEnv>): void {
  const allowed = new Map<string, Set<string>>();
  for (const route of api.routes) {
    if (route.method === 'ALL' || route.path.includes('*')) continue;
    const methods = allowed.get(route.path) ?? new Set<string>();
    methods.add(route.method);
    allowed.set(route.path, methods);
  }
  for (const [routePath, methods] of allowed) {
    const allow = [...methods, ...(methods.has('GET') ? ['HEAD'] : [])].join(', ');
    api.all(routePath, (c) => {
      c.header('Allow', allow);
      return fail(c, 405, apiMessages.methodNotAllowed);
    });
  }
}
