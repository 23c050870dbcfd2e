import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { contactSchema, type Contact } from '#shared/api/contacts.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { parseMessage } from '#client/lib/api-reply.ts';
import { contactsQueryOptions } from '#client/features/contacts/api/get-contacts.ts';

export async function getContact(id: string): Promise<Contact> {
  return parseMessage(contactSchema, await apiRequest('GET', `/contacts/${encodeURIComponent(id)}`));
}

/**
 * One contact. Given the query client, it starts from the card already in the
 * cached list (and refreshes it in the background), so a tapped card opens at
 * once, offline too.
 */
export function contactQueryOptions(id: string, queryClient?: QueryClient) {
  const listKey = contactsQueryOptions().queryKey;
  return queryOptions({
    queryKey: [...listKey, id],
    queryFn: () => getContact(id),
    networkMode: 'offlineFirst',
    initialData: () => queryClient?.getQueryData(listKey)?.find((contact) => contact.id === id),
    initialDataUpdatedAt: () => queryClient?.getQueryState(listKey)?.dataUpdatedAt,
  });
}

export function useContact(id: string) {
  return useQuery(contactQueryOptions(id, useQueryClient()));
}
