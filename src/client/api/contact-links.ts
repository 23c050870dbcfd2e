import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import { ApiError } from '#client/lib/api-error.ts';

/**
 * The contact's acceptance, from the e-mailed link: no session, only the token.
 * Resolves to the accept page's token for phone notifications (the link's own
 * token is used up), when the server gave one.
 */
export async function verifyContact(token: string): Promise<string | undefined> {
  const reply = await apiRequest<{ push_token?: unknown }>('GET', `/verify-contact/${encodeURIComponent(token)}`, {
    authenticated: false,
  });
  return typeof reply.push_token === 'string' ? reply.push_token : undefined;
}

export function useVerifyContactMutation() {
  return useMutation({ mutationFn: verifyContact });
}

/** The contact stops receiving e-mails from the person whose e-mail carried the token. */
export async function unsubscribe(token: string): Promise<void> {
  await apiRequest('POST', '/unsubscribe', { body: { token }, authenticated: false });
}

export function useUnsubscribeMutation() {
  return useMutation({ mutationFn: unsubscribe });
}

/**
 * The server turned an e-mailed link down (unknown, used or expired token): the
 * invalid-link page. No answer, a server failure or "too many tries" are not that:
 * the person may try again.
 */
export function isLinkRejected(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429;
}
