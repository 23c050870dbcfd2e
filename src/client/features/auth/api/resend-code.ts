import { useMutation } from '@tanstack/react-query';
import type { SigninInput } from '#shared/api/auth.ts';
import type { Envelope } from '#shared/api/envelope.ts';
import { apiRequest } from '#client/lib/api-client.ts';

export function resendCode(input: SigninInput): Promise<Envelope<string>> {
  return apiRequest('POST', '/resend-code', { body: input, authenticated: false });
}

export function useResendCodeMutation() {
  return useMutation({ mutationFn: resendCode });
}
