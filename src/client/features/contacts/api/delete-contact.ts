import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contact } from '#shared/api/contacts.ts';
import * as apiMessages from '#shared/api-messages.ts';
import { pinGuardedRequest } from '#client/lib/pins/pin-guarded-request.ts';
import { messageText } from '#shared/plain-data.ts';
import { getSessionState, setAuth } from '#client/lib/session/session-store.ts';
import { contactsQueryOptions } from '#client/features/contacts/api/get-contacts.ts';

/** Resolves with the server's confirmation text. During an alert it asks for the PIN (pin-guarded-request.ts). */
export async function deleteContact(id: string): Promise<string> {
  return messageText(
    await pinGuardedRequest('DELETE', `/contacts/${encodeURIComponent(id)}`),
    apiMessages.contactDeleted,
  );
}

/**
 * The card leaves the cached list at once (home shows the truth even before the
 * list is fetched again) and the session's count goes down. The contact's own
 * query is left to the caller, which removes it once its screen is gone.
 */
export function useDeleteContactMutation() {
  const queryClient = useQueryClient();
  const listKey = contactsQueryOptions().queryKey;
  return useMutation({
    mutationFn: deleteContact,
    onSuccess: (_message, id) => {
      setAuth({ contacts: Math.max(0, getSessionState().auth.contacts - 1) });
      queryClient.setQueryData<Contact[]>(listKey, (list) => list?.filter((contact) => contact.id !== id));
      return queryClient.invalidateQueries({ queryKey: listKey, exact: true });
    },
  });
}
