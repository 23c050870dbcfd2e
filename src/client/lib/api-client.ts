import * as apiMessages from '#shared/api-messages.ts';
import { ApiError } from './api-error.ts';
import { sendJson, type HttpMethod, type HttpRequest } from './http.ts';
import { expireSession } from './session/session-expiry.ts';
import { sendAuthorized } from './session/send-authorized.ts';
import { getSessionState } from './session/session-store.ts';

export interface ApiRequestOptions {
  body?: unknown;
  query?: HttpRequest['query'];
  /** Send the bearer token and handle 401 by refreshing (default true). */
  authenticated?: boolean;
  /** Extra headers of this call (the PIN of a guarded action, pin-guarded-request.ts). */
  headers?: Record<string, string>;
}

/**
 * Every API call goes through here: JSON under /api, 10 s timeout, bearer and
 * meta-tag tokens. Returns the reply body; throws ApiError otherwise. A 401 on
 * an authenticated call gets one refresh and one retry, then ends the session.
 */
export async function apiRequest<T = unknown>(
  method: HttpMethod,
  path: string,
  options: ApiRequestOptions = {},
): Promise<T> {
  const authenticated = options.authenticated ?? true;
  const request = { method, path, body: options.body, query: options.query, headers: options.headers };
  const signedIn = authenticated && getSessionState().auth.access_token !== '';
  const reply = authenticated ? await sendAuthorized(request) : await sendJson({ ...request, token: '' });
  if (reply.status === 401 && signedIn) expireSession();

  if (reply.status < 200 || reply.status >= 300) {
    throw new ApiError(reply.status, reply.data, fallbackMessage(reply.status));
  }
  return reply.data as T;
}

function fallbackMessage(status: number): string {
  if (status === 401) return apiMessages.unauthorized;
  if (status === 404) return apiMessages.notFound;
  if (status === 429) return apiMessages.tooManyRequests;
  if (status === 422) return apiMessages.invalidData;
  return apiMessages.serverError;
}
