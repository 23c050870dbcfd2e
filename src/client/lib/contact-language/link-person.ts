import { queryOptions, useQuery } from '@tanstack/react-query';
import { linkPersonSchema, type LinkPerson } from '#shared/api/contacts.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { ApiError } from '#client/lib/api-error.ts';
import { parseMessage } from '#client/lib/api-reply.ts';

// Beside the language: every page a contact's link opens says whom it is about ('Ana Pérez te agregó…').

export async function getLinkPerson(token: string): Promise<LinkPerson> {
  return parseMessage(
    linkPersonSchema,
    await apiRequest('GET', `/link-person/${encodeURIComponent(token)}`, { authenticated: false }),
  );
}

/** Kept in memory only (the key holds the token). Reading it uses nothing up. */
export function linkPersonQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['link-person', token],
    queryFn: () => getLinkPerson(token),
    gcTime: 0,
    staleTime: Infinity,
    retry: (failureCount, error) =>
      failureCount < 2 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
  });
}

/** The person's name and whether this contact already accepted; undefined while unknown (offline, or no token). */
export function useLinkPerson(token: string | undefined): LinkPerson | undefined {
  return useQuery({ ...linkPersonQueryOptions(token ?? ''), enabled: Boolean(token) }).data;
}
