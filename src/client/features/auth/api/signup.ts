import { useMutation } from '@tanstack/react-query';
import type { Session, SignupInput } from '#shared/api/auth.ts';
import { apiRequest } from '#client/lib/api-client.ts';
import { parseSessionReply } from './session-reply.ts';

export async function signup(input: SignupInput): Promise<Session> {
  return parseSessionReply(await apiRequest('POST', '/signup', { body: input, authenticated: false }));
}

export function useSignupMutation() {
  return useMutation({ mutationFn: signup });
}
