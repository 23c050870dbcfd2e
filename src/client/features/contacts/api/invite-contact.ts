import { useMutation } from '@tanstack/react-query';
import * as apiMessages from '#shared/api-messages.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { messageText } from '#shared/plain-data.ts';

/** Sends a fresh invitation e-mail (the old link stops working); resolves with the server's text. */
export async function inviteContact(id: string): Promise<string> {
  return messageText(
    await apiRequest('POST', `/contacts/${encodeURIComponent(id)}/invite`),
    apiMessages.invitationSent,
  );
}

export function useInviteContactMutation() {
  return useMutation({ mutationFn: inviteContact });
}
