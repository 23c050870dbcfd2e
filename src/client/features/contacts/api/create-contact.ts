import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contactSchema, type Contact, type ContactInput } from '#shared/api/contacts.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { parseMessage } from '#client/lib/api-reply.ts';
import { getSessionState, setAuth } from '#client/lib/session/session-store.ts';
import { contactsQueryOptions } from '#client/features/contacts/api/get-contacts.ts';

export async function createContact(input: ContactInput): Promise<Contact> {
  return parseMessage(contactSchema, await apiRequest('POST', '/contacts', { body: input }));
}

/** The list is fetched again, and the session's count (which home's guard reads) goes up. */
export function useCreateContactMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContact,
    onSuccess: () => {
      setAuth({ contacts: getSessionState().auth.contacts + 1 });
      return queryClient.invalidateQueries({ queryKey: contactsQueryOptions().queryKey });
    },
  });
}
