import * as v from 'valibot';
import { sessionSchema, type Session, type SigninInput, type VerifyInput, type SignupInput } from '#shared/api/auth.ts';
import * as apiMessages from '#shared/api-messages.ts';
import { ApiError } from '#client/lib/api-error.ts';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '#client/lib/api-client.ts';
import type { Envelope } from '#shared/api/envelope.ts';

const sessionReplySchema = v.object({ success: v.literal(true), message: sessionSchema });

/** Verify and signup answer with a session: parsed at the boundary, never trusted as is. */
export function parseSessionReply(data: unknown): Session {
  const result = v.safeParse(sessionReplySchema, data);
  if (!result.success) throw new ApiError(200, data, apiMessages.serverError);
  return result.output.message;
}

export function signin(input: SigninInput): Promise<Envelope<string>> {
  return apiRequest('POST', '/signin', { body: input, authenticated: false });
}

export function useSigninMutation() {
  return useMutation({ mutationFn: signin });
}

export async function verifyCode(input: VerifyInput): Promise<Session> {
  return parseSessionReply(await apiRequest('POST', '/verify', { body: input, authenticated: false }));
}

export function useVerifyMutation() {
  return useMutation({ mutationFn: verifyCode });
}

export async function signup(input: SignupInput): Promise<Session> {
  return parseSessionReply(await apiRequest('POST', '/signup', { body: input, authenticated: false }));
}

export function useSignupMutation() {
  return useMutation({ mutationFn: signup });
}

export function resendCode(input: SigninInput): Promise<Envelope<string>> {
  return apiRequest('POST', '/resend-code', { body: input, authenticated: false });
}

export function useResendCodeMutation() {
  return useMutation({ mutationFn: resendCode });
}
