import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CheckIn } from '#shared/api/check-ins.ts';
import { isRecord, successMessage } from '#shared/plain-data.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryRoots } from '#client/lib/query-client.ts';

// The person's check-in: home's entry and the running view read one query.

/**
 * GET /api/check-ins/current, read with its schema. The reader (with valibot) is fetched beside
 * the reply: only the running view fetches this query, home's entry only reads what is cached.
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
export function isCheckInOpen(checkIn: unknown): boolean {
  if (!isRecord(checkIn)) return false;
  return checkIn.status === 'running' || checkIn.status === 'fired';
}

/**
 * Whether the server has a check-in open (one set on another phone too): home's entry asks on
 * every start, so only the status is read, by hand (docs/decisions/031), and home downloads no
 * reader for the rest.
 */
export function openCheckInQueryOptions() {
  return queryOptions({
    queryKey: [queryRoots.checkIn, 'open'],
    queryFn: async () => isCheckInOpen(successMessage(await apiRequest('GET', '/check-ins/current'))),
    networkMode: 'offlineFirst',
  });
}
