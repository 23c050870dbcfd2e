import { useQuery } from '@tanstack/react-query';
import { profileSchema } from '#shared/api/profile.ts';
import { apiRequest } from '../api-client.ts';
import { parseMessage } from '../api-reply.ts';
import { queryRoots } from '../query-client.ts';

/**
 * Whether the person set PINs (GET /api/profile's `pins_set`), read from the
 * cached profile, so 'Estoy bien' and FINALIZAR ALERTA ask for a PIN even
 * offline (a request queued without it would be refused later). Same key and
 * reply as the profile screen's query: one cache entry.
 */
export function usePinsSet(): boolean {
  const profile = useQuery({
    queryKey: [queryRoots.profile],
    queryFn: async () => parseMessage(profileSchema, await apiRequest('GET', '/profile')),
    networkMode: 'offlineFirst',
  });
  return profile.data?.pins_set === true;
}
