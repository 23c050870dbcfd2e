import { queryOptions, useQuery } from '@tanstack/react-query';
import { contactListSchema, type Contact } from '#shared/api/contacts.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { parseMessage } from '#client/lib/api-reply.ts';
import { queryRoots } from '#client/lib/query-client.ts';

export async function getContacts(): Promise<Contact[]> {
  return parseMessage(contactListSchema, await apiRequest('GET', '/contacts'));
}

/** The person's contacts; persisted encrypted, so home shows them offline. */
export function contactsQueryOptions() {
  return queryOptions({
    queryKey: [queryRoots.contacts],
    queryFn: getContacts,
    networkMode: 'offlineFirst',
  });
}

export function useContacts() {
  return useQuery(contactsQueryOptions());
}
