import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileSchema, type Profile, type ProfileUpdate } from '#shared/api/profile.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { parseMessage } from '#client/lib/api-reply.ts';
import { setAuth } from '#client/lib/session/session-store.ts';
import { profileQueryOptions } from './get-profile.ts';

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
