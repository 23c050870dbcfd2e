import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contactSchema, type Contact } from '#shared/api/contacts.ts';
import { pinGuardedRequest } from '#client/lib/pins/pin-guarded-request.ts';
import { parseMessage } from '#client/lib/api-reply.ts';
import { contactsQueryOptions } from '#client/features/contacts/api/get-contacts.ts';

/** Unmarking, during an alert, asks for the PIN (pin-guarded-request.ts); marking never does. */
export async function updateContactDetention(id: string, receives: boolean): Promise<Contact> {
  const body = { receives_detention_info: receives };
  return parseMessage(contactSchema, await pinGuardedRequest('PATCH', `/contacts/${encodeURIComponent(id)}`, { body }));
}

/** The contact the server answers replaces the cached one, in its own query and in the list. */
export function useUpdateContactDetentionMutation(id: string) {
  const queryClient = useQueryClient();
  const listKey = contactsQueryOptions().queryKey;
  return useMutation({
    mutationFn: (receives: boolean) => updateContactDetention(id, receives),
    onSuccess: (contact) => {
      queryClient.setQueryData<Contact>([...listKey, id], contact);
      queryClient.setQueryData<Contact[]>(listKey, (list) => list?.map((item) => (item.id === id ? contact : item)));
    },
  });
}
