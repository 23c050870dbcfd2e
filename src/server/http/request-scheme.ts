import type { Context } from 'hono';

/**
 * Whether the browser reached us over HTTPS. Our own server speaks plain HTTP,
 * so behind a TLS-terminating proxy only the proxy can say: X-Forwarded-Proto
 * counts only with `trustProxy` (as X-Forwarded-For does in client-ip.ts), and
 * then only its last entry, the one our proxy wrote.
 */
export function servedOverHttps(c: Context, trustProxy: boolean): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  if (!trustProxy) return false;
  return c.req.header('x-forwarded-proto')?.split(',').at(-1)?.trim().toLowerCase() === 'https';
}
