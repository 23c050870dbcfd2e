/**
 * `?token=` of an e-mailed link. The router reads search values as JSON, so an
 * all-digit token would arrive as a number: it is turned back into text. Any
 * other value is no token. Checked by hand: the route tree is in home's first
 * download, valibot is not (DESIGN.md section 6).
 */
export function validateLinkTokenSearch(search: Record<string, unknown>): { token?: string } {
  const { token } = search;
  if (typeof token === 'string' || (typeof token === 'number' && !Number.isNaN(token))) return { token: String(token) };
  return {};
}
