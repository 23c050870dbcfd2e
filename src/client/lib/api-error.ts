import type { FieldErrors } from '#shared/api/envelope.ts';

/** What every failed call throws: the HTTP status (0 when no reply came) and the reply body. */
export class ApiError extends Error {
  readonly status: number;
  readonly data: unknown;

  constructor(status: number, data: unknown, fallbackMessage: string) {
    super(messageOf(data) ?? fallbackMessage);
    this.name = 'ApiError';
    this.status = status;
    this.data = data;
  }

  /** The 422 field map, when the server sent one. */
  get fieldErrors(): FieldErrors | undefined {
    if (typeof this.data !== 'object' || this.data === null || !('errors' in this.data)) return undefined;
    const errors = (this.data as { errors: unknown }).errors;
    return typeof errors === 'object' && errors !== null ? (errors as FieldErrors) : undefined;
  }
}

function messageOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null || !('message' in data)) return undefined;
  const message = (data as { message: unknown }).message;
  return typeof message === 'string' && message !== '' ? message : undefined;
}
