import { queryOptions, useQuery } from '@tanstack/react-query';
import * as v from 'valibot';
import { checkInSchema, type CheckIn } from '#shared/api/check-ins.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { parseMessage } from '#client/lib/api-reply.ts';
import { queryRoots } from '#client/lib/query-client.ts';

export async function getCurrentCheckIn(): Promise<CheckIn | null> {
  return parseMessage(v.nullable(checkInSchema), await apiRequest('GET', '/check-ins/current'));
}

/**
 * The running check-in (or the fired one not yet closed), kept in the encrypted
 * query cache: home shows it offline, from the last answer or from what this
 * phone set while it had no signal.
 */
export function currentCheckInQueryOptions() {
  return queryOptions({
    queryKey: [queryRoots.checkIn, 'current'],
    queryFn: getCurrentCheckIn,
    networkMode: 'offlineFirst',
  });
}

export function useCurrentCheckIn() {
  return useQuery(currentCheckInQueryOptions());
}
