import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';

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
