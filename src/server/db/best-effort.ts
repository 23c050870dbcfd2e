import type { Queryable } from '#server/db/client.ts';
import type { Log } from '#server/log.ts';

/**
 * Work that must never cost the alert: run inside a savepoint of the caller's
 * transaction, so a failure here is rolled back alone and the alert still
 * commits and is answered. Logs the error's name and driver code only (a
 * database message may quote values: addresses, positions).
 */
export async function bestEffort<T>(
  tx: Queryable,
  log: Log | undefined,
  what: string,
  work: (savepoint: Queryable) => Promise<T>,
  fallback: T,
): Promise<T> {
  try {
    return await tx.transaction((savepoint) => work(savepoint));
  } catch (error) {
    log?.warn(`${what}: ${errorLabel(error)}`);
    return fallback;
  }
}

/** The error's class and driver code, looking through Drizzle's wrapper to the driver's error. */
export function errorLabel(error: unknown): string {
  const cause = (error as { cause?: unknown }).cause ?? error;
  const code = (cause as { code?: unknown }).code;
  const name = cause instanceof Error ? cause.name : 'error';
  return `${name}${typeof code === 'string' ? ` ${code}` : ''}`;
}
