const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Ids in paths are checked before they reach PostgreSQL, which would refuse a
 * malformed uuid with an error (and so a 500) instead of finding nothing.
 */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
