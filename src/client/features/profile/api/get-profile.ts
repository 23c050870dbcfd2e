import { queryOptions, useQuery } from '@tanstack/react-query';
import { profileSchema, type Profile } from '#shared/api/profile.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { parseMessage } from '#client/lib/api-reply.ts';
import { queryRoots } from '#client/lib/query-client.ts';

export async function getProfile(): Promise<Profile> {
  return parseMessage(profileSchema, await apiRequest('GET', '/profile'));
}

export function profileQueryOptions() {
  return queryOptions({
    queryKey: [queryRoots.profile],
    queryFn: getProfile,
    networkMode: 'offlineFirst',
  });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
