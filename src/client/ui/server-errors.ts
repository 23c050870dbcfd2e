import type { SubmissionResult } from '@conform-to/react';
import { ApiError } from '#client/lib/api-error.ts';
import { showToast } from './toast-store.ts';

interface Replyable {
  reply(options?: { fieldErrors?: Record<string, string[]>; formErrors?: string[] }): SubmissionResult<string[]>;
}

/**
 * SPEC.md sections 5 and 8: a 422 puts the first message of each field on the
 * field (through Conform's lastResult); any other failure is a danger toast.
 */
export function replyWithServerError(
  submission: Replyable,
  error: unknown,
  fields: readonly string[],
): SubmissionResult<string[]> | undefined {
  const fieldErrors = error instanceof ApiError ? error.fieldErrors : undefined;
  const known = Object.entries(fieldErrors ?? {}).filter(
    ([name, messages]) => fields.includes(name) && messages.length > 0,
  );
  if (known.length > 0) {
    return submission.reply({
      fieldErrors: Object.fromEntries(known.map(([name, messages]) => [name, messages.slice(0, 1)])),
    });
  }
  showToast({ message: error instanceof Error ? error.message : String(error), variant: 'danger' });
  return undefined;
}
