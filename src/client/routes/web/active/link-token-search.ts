import { isNumber, isString } from '#shared/plain-data.ts';

/**
 * `?token=` of an e-mailed link. The router reads search values as JSON, so an
 * all-digit token would arrive as a number: it is turned back into text. Any
 * other value is no token. Read with plain-data: the route tree is in the entry.
 */
export function validateLinkTokenSearch(search: Record<string, unknown>): { token?: string } {
  const { token } = search;
  return isString(token) || isNumber(token) ? { token: String(token) } : {};
}
