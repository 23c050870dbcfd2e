import { setTimeout as sleep } from 'node:timers/promises';
import { performance } from 'node:perf_hooks';
import type { Context, MiddlewareHandler } from 'hono';
import { PIN_HEADER } from '#shared/api/pins.ts';

/** The body fields a PIN travels in (src/shared/api: active-button, check-ins, pins). */
const PIN_FIELDS = ['pin', 'current_pin'];

async function carriesPin(c: Context): Promise<boolean> {
  if (c.req.header(PIN_HEADER) !== undefined) return true;
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return false;
  // Hono keeps the text it read: the route's validator parses the same body again.
  const raw = await c.req.text();
  if (!PIN_FIELDS.some((field) => raw.includes(`"${field}"`))) return false;
  try {
    const body: unknown = JSON.parse(raw);
    return typeof body === 'object' && body !== null && PIN_FIELDS.some((field) => field in body);
  } catch {
    return false;
  }
}

/**
 * The real PIN and the duress PIN do different work (one ends the alert and withdraws its unsent
 * e-mails, the other hides it and tells the contacts the person may be forced), and the two
 * paths will keep changing with every feature. Rather than keep their work equal query by query,
 * every reply to a request that carries a PIN leaves no earlier than `paceMs` after the request
 * arrived, whatever the PIN was and whatever the route did: while the work takes less than
 * that, the reply's timing says nothing about which PIN was typed. Requests without a PIN (the
 * SOS press among them) are never held.
 */
export function paceRepliesToPins(paceMs: number): MiddlewareHandler {
  return async (c, next) => {
    if (paceMs <= 0 || !(await carriesPin(c))) return next();
    const arrived = performance.now();
    await next();
    const wait = arrived + paceMs - performance.now();
    if (wait > 0) await sleep(wait);
  };
}
