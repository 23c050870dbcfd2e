import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CheckIn } from '#shared/api/check-ins.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryRoots } from '#client/lib/query-client.ts';

// The person's check-in: home's entry and the running view read one query.

/**
 * GET /api/check-ins/current, read with its schema. Home's entry asks it on every start, so the
 * reader (with valibot) is fetched beside the reply instead of being in home's first download.
 */
export async function getCurrentCheckIn(): Promise<CheckIn | null> {
  const [data, { readCurrentCheckIn }] = await Promise.all([
    apiRequest('GET', '/check-ins/current'),
    import('./check-in-reply.ts'),
  ]);
  return readCurrentCheckIn(data);
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

/** A check-in the person still has to answer: running, or fired and not yet closed. */
export function isCheckInOpen(checkIn: CheckIn | null | undefined): boolean {
  return checkIn?.status === 'running' || checkIn?.status === 'fired';
}
