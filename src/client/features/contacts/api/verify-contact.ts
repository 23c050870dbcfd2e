import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';

/** The contact's acceptance, from the e-mailed link: no session, only the token. */
export async function verifyContact(token: string): Promise<void> {
  await apiRequest('GET', `/verify-contact/${encodeURIComponent(token)}`, { authenticated: false });
}

export function useVerifyContactMutation() {
  return useMutation({ mutationFn: verifyContact });
}
