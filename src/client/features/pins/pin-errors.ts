import type { SubmissionResult } from '@conform-to/react';
import { ApiError } from '#client/lib/api-error.ts';

interface Replyable {
  reply(options?: {
    fieldErrors?: Record<string, string[]>;
    formErrors?: string[];
    hideFields?: string[];
  }): SubmissionResult<string[]>;
}

/**
 * The server's refusal as the form's last result: its first message on each field it names, or its
 * general message for the form when it names none (a lock after too many wrong PINs, no signal).
 * `hideFields` empties fields that must be typed again (a wrong PIN).
 */
export function pinsReply(submission: Replyable, error: unknown, hideFields?: string[]): SubmissionResult<string[]> {
  const fieldErrors = Object.entries(error instanceof ApiError ? (error.fieldErrors ?? {}) : {}).filter(
    ([, messages]) => messages.length > 0,
  );
  if (fieldErrors.length > 0) {
    return submission.reply({
      fieldErrors: Object.fromEntries(fieldErrors.map(([name, messages]) => [name, messages.slice(0, 1)])),
      ...(hideFields ? { hideFields } : {}),
    });
  }
  return submission.reply({ formErrors: [error instanceof Error ? error.message : String(error)] });
}
