/** Socket codes of a database server that cannot be reached (refused, reset, timed out). */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);

/** pg-pool's and node-postgres's own words when the connection is gone or never came. */
const DRIVER_MESSAGES = [
  /^Connection terminated/,
  /timeout exceeded when trying to connect/,
  /^Client has encountered a connection error/,
];

function isUnavailable(error: { code?: unknown; message?: unknown }): boolean {
  const { code, message } = error;
  if (typeof code === 'string') {
    // SQLSTATE class 08: connection exception; 57P01-57P03: shutting down, crashed, starting up.
    if (SOCKET_CODES.has(code) || code.startsWith('08') || /^57P0[1-3]$/.test(code)) return true;
  }
  return typeof message === 'string' && DRIVER_MESSAGES.some((pattern) => pattern.test(message));
}

/**
 * Whether a failure means "the database is not there right now" (restarting,
 * failing over, unreachable), which deserves a 503 and a retry rather than a 500.
 * Drizzle wraps the driver's error in `cause`.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === 'object' && depth < 5; depth += 1) {
    if (isUnavailable(current)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
