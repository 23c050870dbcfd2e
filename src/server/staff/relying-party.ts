import type { Config } from '#server/config.ts';

const LOOPBACK = new Set(['127.0.0.1', '[::1]', '::1', 'localhost', '0.0.0.0']);

/**
 * The WebAuthn relying party: PUBLIC_URL's host. Browsers refuse an IP address as relying party,
 * so a loopback PUBLIC_URL (the local default, http://127.0.0.1:8080) becomes `localhost` on the
 * same port: locally the desk is opened at http://localhost:PORT/web/desk.
 */
export function relyingParty(config: Pick<Config, 'publicUrl'>): { id: string; origin: string; deskUrl: string } {
  const url = new URL(config.publicUrl);
  if (LOOPBACK.has(url.hostname) || /^127\./.test(url.hostname)) url.hostname = 'localhost';
  return { id: url.hostname, origin: url.origin, deskUrl: `${url.origin}/web/desk` };
}
