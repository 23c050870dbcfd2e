import type { MiddlewareHandler } from 'hono';
import type { Config } from '#server/config.ts';
import { servedOverHttps } from './request-scheme.ts';

// All assets are local (DESIGN.md section 7), so the policy names only 'self'.
// Inline styles stay allowed: React's style props and the splash need them.
const baseCsp: Record<string, string> = {
  'default-src': "'self'",
  'script-src': "'self'",
  'style-src': "'self' 'unsafe-inline'",
  'img-src': "'self' data: blob:",
  'connect-src': "'self'",
  'worker-src': "'self'",
  'manifest-src': "'self'",
  'frame-ancestors': "'none'",
  'base-uri': "'none'",
  'form-action': "'self'",
};

/** With GTM_ID set, the tag manager's hosts join the policy (DESIGN.md section 7). */
export function contentSecurityPolicy(gtmId: string | undefined): string {
  const csp = { ...baseCsp };
  if (gtmId) {
    csp['script-src'] += ' https://www.googletagmanager.com';
    csp['img-src'] += ' https://www.googletagmanager.com https://www.google-analytics.com';
    csp['connect-src'] += ' https://www.google-analytics.com https://*.google-analytics.com';
  }
  return Object.entries(csp)
    .map(([name, value]) => `${name} ${value}`)
    .join('; ');
}

/**
 * On every reply. HSTS only over HTTPS (browsers ignore it over HTTP anyway):
 * with TRUST_PROXY, the proxy's X-Forwarded-Proto says so (request-scheme.ts).
 * No CORS header is ever sent: the API serves its own origin only.
 */
export function securityHeaders({ gtmId, trustProxy }: Pick<Config, 'gtmId' | 'trustProxy'>): MiddlewareHandler {
  const csp = contentSecurityPolicy(gtmId);
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    headers.set('Content-Security-Policy', csp);
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'no-referrer');
    headers.set('X-Frame-Options', 'DENY');
    headers.set('Permissions-Policy', 'geolocation=(self), camera=(), microphone=()');
    if (servedOverHttps(c, trustProxy)) headers.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  };
}
