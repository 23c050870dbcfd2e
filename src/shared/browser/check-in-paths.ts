import { API_PREFIX } from '#shared/constants.ts';

// The check-in calls that ride the service worker's SOS queue (one lane, one
// order): setting a check-in, and 'Estoy bien', the extension and positions.
// Here, not in src/shared/api: the worker and the page share them, the server
// has its own routes.

/** Under /api, like every path the page's http.ts takes. */
export const CHECK_INS_PATH = '/check-ins';
export const CURRENT_CHECK_IN_PATH = '/check-ins/current';

const QUEUED_CALLS: ReadonlyArray<{ method: string; pattern: RegExp }> = [
  { method: 'POST', pattern: new RegExp(`^${API_PREFIX}${CHECK_INS_PATH}/?$`) },
  { method: 'PUT', pattern: new RegExp(`^${API_PREFIX}${CURRENT_CHECK_IN_PATH}/?$`) },
];

/** True for the check-in calls the worker queues like an SOS (the caller checks the origin). */
export function isQueuedCheckInCall(method: string, pathname: string): boolean {
  return QUEUED_CALLS.some((call) => call.method === method.toUpperCase() && call.pattern.test(pathname));
}
