import { queryOptions, useMutation, useQueryClient, useQuery } from '@tanstack/react-query';
import { type Profile, type ProfileUpdate, profileSchema } from '#shared/api/profile.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { parseMessage } from '#client/lib/api-reply.ts';
import { queryRoots } from '#client/lib/query-client.ts';
import { setAuth } from '#client/lib/session/session-store.ts';

// The person's profile: the profile screen and every PIN question read one cached entry.

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

export async function updateProfile(input: ProfileUpdate): Promise<Profile> {
  return parseMessage(profileSchema, await apiRequest('PUT', '/profile', { body: input }));
}

/** The saved profile replaces the cached one, and the header greeting reads the new name from the session. */
export function useUpdateProfileMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(profileQueryOptions().queryKey, profile);
      setAuth({
        firstname: profile.firstname,
        lastname: profile.lastname,
        name: `${profile.firstname} ${profile.lastname}`,
        phone: profile.phone,
      });
    },
  });
}

/**
 * Whether the person set PINs (GET /api/profile's `pins_set`), read from the
 * cached profile, so 'Estoy bien' and FINALIZAR ALERTA ask for a PIN even
 * offline (a request queued without it would be refused later).
 */
export function usePinsSet(): boolean {
  return useProfile().data?.pins_set === true;
}
