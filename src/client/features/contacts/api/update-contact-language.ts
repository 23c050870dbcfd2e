import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contactSchema, type Contact } from '#shared/api/contacts.ts';
import type { Language } from '#shared/language.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { parseMessage } from '#client/lib/api-reply.ts';
import { contactsQueryOptions } from '#client/features/contacts/api/get-contacts.ts';

export async function updateContactLanguage(id: string, language: Language): Promise<Contact> {
  return parseMessage(
    contactSchema,
    await apiRequest('PATCH', `/contacts/${encodeURIComponent(id)}`, { body: { language } }),
  );
}

/** The contact the server answers replaces the cached one, in its own query and in the list. */
export function useUpdateContactLanguageMutation(id: string) {
  const queryClient = useQueryClient();
  const listKey = contactsQueryOptions().queryKey;
  return useMutation({
    mutationFn: (language: Language) => updateContactLanguage(id, language),
    onSuccess: (contact) => {
      queryClient.setQueryData<Contact>([...listKey, id], contact);
      queryClient.setQueryData<Contact[]>(listKey, (list) => list?.map((item) => (item.id === id ? contact : item)));
    },
  });
}
