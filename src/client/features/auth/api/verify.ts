import { useMutation } from '@tanstack/react-query';
import type { Session, VerifyInput } from '#shared/api/auth.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { parseSessionReply } from './session-reply.ts';

export async function verifyCode(input: VerifyInput): Promise<Session> {
  return parseSessionReply(await apiRequest('POST', '/verify', { body: input, authenticated: false }));
}

export function useVerifyMutation() {
  return useMutation({ mutationFn: verifyCode });
}
