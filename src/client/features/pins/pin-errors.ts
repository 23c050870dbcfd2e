import { ApiError } from '#client/lib/api-error.ts';

/** The server's first message per field, and its general message when no field has one. */
export function pinErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError)) return { form: String(error) };
  const data = error.data as { errors?: Record<string, string[]> } | undefined;
  const found: Record<string, string> = {};
  for (const [field, messages] of Object.entries(data?.errors ?? {})) {
    if (messages[0]) found[field] = messages[0];
  }
  return Object.keys(found).length > 0 ? found : { form: error.message };
}
