import { ApiError } from '#client/lib/api-error.ts';

/**
 * The server turned an e-mailed link down (unknown, used or expired token): the
 * invalid-link page. No answer, a server failure or "too many tries" are not that:
 * the person may try again.
 */
export function isLinkRejected(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;
}
