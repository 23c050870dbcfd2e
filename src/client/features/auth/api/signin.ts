import { useMutation } from '@tanstack/react-query';
import type { SigninInput } from '#shared/api/auth.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import type { Envelope } from '#shared/api/envelope.ts';

export function signin(input: SigninInput): Promise<Envelope<string>> {
  return apiRequest('POST', '/signin', { body: input, authenticated: false });
}

export function useSigninMutation() {
  return useMutation({ mutationFn: signin });
}
