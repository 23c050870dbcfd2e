/**
 * A failure as logs and stored reasons may show it: its name and its code
 * (`Error ECONNRESET`, `error P0001`), never its message, which may quote an
 * address, a key or a row's values.
 */
export function errorName(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return [error instanceof Error ? error.name : 'Error', typeof code === 'string' ? code : '']
    .filter(Boolean)
    .join(' ');
}
