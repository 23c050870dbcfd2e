import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PinsSetInput } from '#shared/api/pins.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { queryRoots } from '#client/lib/query-client.ts';

/** Every PIN change changes the profile's `pins_set`, which 'Estoy bien' and FINALIZAR ALERTA read. */
function usePinsMutation<T>(call: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [queryRoots.profile] }),
  });
}

export const useSetPins = () =>
  usePinsMutation((input: PinsSetInput) => apiRequest('PUT', '/profile/pins', { body: input }));
export const useDeletePins = () =>
  usePinsMutation((pin: string) => apiRequest('DELETE', '/profile/pins', { body: { pin } }));
export const useForgotPins = () => usePinsMutation(() => apiRequest('POST', '/profile/pins/forgot'));
export const useResetPins = () =>
  usePinsMutation((code: string) => apiRequest('POST', '/profile/pins/reset', { body: { code } }));
