import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FirmConsentInput } from '#shared/api/firm-consent.ts';
import { profileSchema, type Profile } from '#shared/api/profile.ts';
import { parseMessage } from '#client/lib/api-reply.ts';
import { pinGuardedRequest } from '#client/lib/pins/pin-guarded-request.ts';
import { profileQueryOptions } from '#client/api/profile.ts';

/** Turning it off during an alert or a check-in asks for the PIN (pin-guarded-request.ts). */
export async function setFirmConsent(input: FirmConsentInput): Promise<Profile> {
  return parseMessage(profileSchema, await pinGuardedRequest('PUT', '/profile/firm-consent', { body: input }));
}

export function useSetFirmConsentMutation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFirmConsent,
    onSuccess: (profile) => queryClient.setQueryData(profileQueryOptions().queryKey, profile),
  });
}
