import { Hono } from 'hono';
import type { AppEnv } from './app-env.ts';

// Without it, /robots.txt would get the app shell (any path a browser asks for does), which crawlers
// read as an invalid file. Crawlers may read the screens anyone reaches; the API answers only the
// app, and a contact's links carry one person's token: neither belongs in a search index.
export const ROBOTS_TXT = ['User-agent: *', 'Allow: /', 'Disallow: /api/', 'Disallow: /web/active/', ''].join('\n');

export function robotsTxt() {
  return new Hono<AppEnv>().get('/robots.txt', (c) => c.text(ROBOTS_TXT, 200, { 'Cache-Control': 'no-cache' }));
}
