import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';

/** The contact stops receiving e-mails from the person whose e-mail carried the token. */
export async function unsubscribe(token: string): Promise<void> {
  await apiRequest('POST', '/unsubscribe', { body: { token }, authenticated: false });
}

export function useUnsubscribeMutation() {
  return useMutation({ mutationFn: unsubscribe });
}
