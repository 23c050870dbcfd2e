import { queryOptions, useQuery } from '@tanstack/react-query';
import { openSessionListSchema, type OpenSession } from '#shared/api/sessions.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { parseMessage } from '#client/lib/api-reply.ts';

export async function getOpenSessions(): Promise<OpenSession[]> {
  return parseMessage(openSessionListSchema, await apiRequest('GET', '/profile/sessions'));
}

/** Not persisted (its root is not one of queryRoots): an offline copy of who is signed in would mislead. */
export function openSessionsQueryOptions() {
  return queryOptions({ queryKey: ['open-sessions'], queryFn: getOpenSessions });
}

export function useOpenSessions() {
  return useQuery(openSessionsQueryOptions());
}
